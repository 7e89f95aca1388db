/**
 * Reads the one file of a multipart upload request, whatever the client sent: a body that is not
 * multipart, has no boundary, uses another boundary, or ends early is a 400 with a clear message,
 * never a 500 from deep in the parser. Every upload route reads its file through here.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_FILE_FIELD } from '../../../common/api/uploads';
import { AppError, ErrorCode, toErrorResponse } from '../../errors';
import { readLimited } from '../../storage/upload-policy';

/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const NOT_MULTIPART_MESSAGE = 'Send the file as multipart/form-data.';
export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read: send one file as multipart/form-data, in a field named "file". Try choosing the file again.';
export const NO_FILE_MESSAGE = 'Choose a file to upload.';

export interface UploadedPart {
  bytes: Buffer;
  fileName: string;
}

/** A client error the multipart plugin already named with its status (e.g. too many parts): kept as it is. */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<UploadedPart> {
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.BadRequest, NOT_MULTIPART_MESSAGE);
  }
  try {
    // One byte over the limit reaches readLimited, which answers with the friendly 413.
    // preservePath: keep the name as sent, so a crafted name with a folder path is refused, not silently trimmed.
    const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 }, preservePath: true });
    if (!part || part.fieldname !== UPLOAD_FILE_FIELD) {
      throw new AppError(ErrorCode.BadRequest, NO_FILE_MESSAGE, [{ field: `body.${UPLOAD_FILE_FIELD}`, message: 'is required' }]);
    }
    return { bytes: await readLimited(part.file, maxBytes), fileName: part.filename };
  } catch (error) {
    if (error instanceof AppError || isClientError(error)) {
      throw error;
    }
    // The parser's own errors ('Unexpected end of form', 'Boundary not found', …) are the client's body.
    request.log.info({ reason: error instanceof Error ? error.message : 'unknown' }, 'malformed multipart upload');
    throw new AppError(ErrorCode.BadRequest, MALFORMED_UPLOAD_MESSAGE);
  }
}

/**
 * The error handler of a scope holding upload routes: the apps read `success` and `errors[0]`
 * (spec §5, §8), so a failure keeps that shape alongside the API's one error shape.
 * `what` names the upload in the log ('upload', 'registration upload').
 */
export function uploadErrorHandler(what: string) {
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) {
      request.log.error({ err: error }, `${what} failed`);
    } else {
      request.log.info({ status, error: body.error, message: body.message }, `${what} rejected`);
    }
    return reply.status(status).send({ success: false, files: [], errors: [body.message], ...body });
  };
}
