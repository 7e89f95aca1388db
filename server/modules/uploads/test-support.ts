/** Test helpers for uploads: a multipart body built by hand, and an upload through the real route. Only tests import this file. */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app-type';

/** A minimal valid PDF: file-type recognises it from the `%PDF-` signature. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A multipart/form-data body with one file part (and any text fields). */
export function multipartBody(
  file: { field?: string; fileName: string; content: Buffer; contentType?: string } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/v1/upload with the given headers (bearer, supplier) and one file. */
export function uploadFile(
  app: App,
  headers: Record<string, string>,
  file: { fileName?: string; content?: Buffer; field?: string } = {},
  folder: string | null = 'MessageAttachments',
): Promise<LightMyRequestResponse> {
  const body = multipartBody({ fileName: file.fileName ?? 'quote.pdf', content: file.content ?? PDF_BYTES, field: file.field });
  return app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    headers: { ...headers, 'content-type': body.contentType, ...(folder === null ? {} : { folder }) },
    payload: body.payload,
  });
}
