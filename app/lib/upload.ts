/**
 * Uploading one file (spec §7 POST /api/v1/upload: multipart, a `folder` header; answers
 * `success`, `files[0].id`, `errors`). Spec §5: the upload must report success and a file id;
 * otherwise the error is the server's first error, or 'Attachment upload failed.'.
 */
import {
  REGISTRATION_UPLOAD_FOLDER,
  UPLOAD_FILE_FIELD,
  UPLOAD_FOLDER_HEADER,
  UploadResponseSchema,
  type UploadedFile,
  type UploadFolder,
  type UploadResponse,
} from '../../common/api/uploads';
import { ApiError, apiFetch } from './api';
import { securityTokenHeaders } from './security-token';

/** The public registration's uploads go to its own token-checked route (no one is signed in). */
export const REGISTRATION_UPLOAD_PATH = 'supplier-registration/upload';

export const UPLOAD_FAILED_MESSAGE = 'Attachment upload failed.';

/** An upload the server did not accept, with the text to show. */
export class UploadError extends Error {
  override name = 'UploadError';
}

/** The server's first error of an upload answer, when it is one. */
function firstUploadError(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors)) {
    const first: unknown = body.errors[0];
    if (typeof first === 'string' && first.trim() !== '') {
      return first;
    }
  }
  return undefined;
}

/** Uploads `file` into `folder`; resolves to the stored file, or throws UploadError with the text to show. */
export async function uploadFile(file: File, folder: UploadFolder): Promise<UploadedFile> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  let answer: UploadResponse;
  try {
    answer =
      folder === REGISTRATION_UPLOAD_FOLDER
        ? await apiFetch(REGISTRATION_UPLOAD_PATH, UploadResponseSchema, { method: 'POST', body: form, headers: securityTokenHeaders() })
        : await apiFetch('upload', UploadResponseSchema, { method: 'POST', body: form, headers: { [UPLOAD_FOLDER_HEADER]: folder } });
  } catch (error) {
    throw new UploadError((error instanceof ApiError ? firstUploadError(error.body) : undefined) ?? UPLOAD_FAILED_MESSAGE);
  }
  const uploaded = answer.success ? answer.files[0] : undefined;
  if (!uploaded?.id) {
    throw new UploadError(firstUploadError(answer) ?? UPLOAD_FAILED_MESSAGE);
  }
  return uploaded;
}
