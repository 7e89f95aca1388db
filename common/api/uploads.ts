/** Payloads of POST /api/v1/upload and the file download (spec §7), one definition for the server and the apps. */
import type { Static } from 'typebox';
import { Type } from './schema-builders';

/** Folders a client may name in the `folder` header; each area that takes files adds its own. */
export const UPLOAD_FOLDERS = ['MessageAttachments', 'FinancialStatements', 'ApplicationFiles', 'ListingDocuments'] as const;
/**
 * The folder of files a visitor uploads while registering a business, before any supplier exists:
 * only the public registration upload (POST /api/v1/supplier-registration/upload) stores files there.
 */
export const REGISTRATION_UPLOAD_FOLDER = 'RegistrationFiles';
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number] | typeof REGISTRATION_UPLOAD_FOLDER;

/** The header that names the folder (spec §7: "a folder header MessageAttachments"). */
export const UPLOAD_FOLDER_HEADER = 'folder';

/** The multipart field that carries the file. */
export const UPLOAD_FILE_FIELD = 'file';

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const FileIdSchema = Type.String({ pattern: UUID_PATTERN, description: 'An uploaded file id (UUID)' });

export const UploadedFileSchema = Type.Object({
  id: FileIdSchema,
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFileSchema>;

/**
 * Success and failure share this shape: the client reads `success`, `files[0].id` and `errors[0]`
 * (spec §5, §8); a failure also carries the API's one error shape (`error`, `message`).
 */
export const UploadResponseSchema = Type.Object({
  success: Type.Boolean(),
  files: Type.Array(UploadedFileSchema),
  errors: Type.Array(Type.String()),
  error: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  details: Type.Optional(Type.Unknown()),
});
export type UploadResponse = Static<typeof UploadResponseSchema>;

export const FileParamsSchema = Type.Object({ id: FileIdSchema });
export type FileParams = Static<typeof FileParamsSchema>;
