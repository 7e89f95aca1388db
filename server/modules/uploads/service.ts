/**
 * Uploaded files (issue §5): storing one checked upload, and deciding who may read a file. A file
 * belongs to a supplier (or, with no supplier, to the marketplace team); its members and the team
 * may read it, and so may the members of a supplier whose thread carries it as an attachment (a
 * file the team attached to a reply).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { UploadedFile, UploadFolder } from '../../../common/api/uploads';
import { UPLOAD_FOLDERS, UUID_PATTERN } from '../../../common/api/uploads';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { threadMessages, threads, uploadedFiles } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import type { Storage, StoredFile } from '../../storage/index';
import type { AcceptedUpload } from '../../storage/upload-policy';

export const FILE_NOT_FOUND = 'No such file.';

const uuid = new RegExp(UUID_PATTERN);

/**
 * Names of the supplier's uploaded files among those ids, by id: what a form's file answers show,
 * and how a save finds a file answer that is not the supplier's (another supplier's files stay unknown).
 */
export async function supplierFileNames(db: Database, supplierId: number, fileIds: readonly string[]): Promise<Record<string, string>> {
  const ids = [...new Set(fileIds.filter((id) => uuid.test(id)))];
  if (ids.length === 0) {
    return {};
  }
  const rows = await db
    .select({ id: uploadedFiles.id, fileName: uploadedFiles.fileName })
    .from(uploadedFiles)
    .where(and(inArray(uploadedFiles.id, ids), ownedBy(uploadedFiles, supplierId)));
  return Object.fromEntries(rows.map((row) => [row.id, row.fileName]));
}

/** Who is uploading or reading: a dashboard user for their active supplier, or a team member (no supplier). */
/**
 * Who stores a file: an actor, or a visitor on a public form who is not signed in (`userId` null,
 * no supplier: the registration's upload).
 */
type Uploader = Pick<Actor, 'supplierId' | 'requestId'> & { userId: number | null };

/** The folder the `folder` header names, when it is on the allow-list; else 400. */
export function parseUploadFolder(header: string | string[] | undefined): UploadFolder {
  const value = typeof header === 'string' ? header.trim() : '';
  const folder = UPLOAD_FOLDERS.find((candidate) => candidate === value);
  if (!folder) {
    throw new AppError(ErrorCode.BadRequest, `Name the upload folder in the folder header: one of ${UPLOAD_FOLDERS.join(', ')}.`, [
      { field: 'headers.folder', message: `must be one of ${UPLOAD_FOLDERS.join(', ')}` },
    ]);
  }
  return folder;
}

/**
 * Stores the bytes under a key the server makes up, then the row; when the row cannot be written
 * the stored bytes are removed again, so a failed upload leaves nothing behind.
 */
export async function saveUpload(
  db: Database,
  storage: Storage,
  audit: AuditLog,
  actor: Uploader,
  folder: UploadFolder,
  upload: AcceptedUpload,
  bytes: Buffer,
): Promise<UploadedFile> {
  const id = randomUUID();
  const storageKey = `uploads/${actor.supplierId ?? 'staff'}/${id}`;
  await storage.put(storageKey, bytes, { contentType: upload.contentType, size: bytes.length });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(uploadedFiles).values({
        id,
        supplierId: actor.supplierId,
        folder,
        fileName: upload.fileName,
        contentType: upload.contentType,
        size: upload.size,
        storageKey,
        uploadedByUserId: actor.userId,
      });
      await audit.record(
        {
          actorUserId: actor.userId,
          action: 'file.upload',
          entity: 'uploaded_file',
          entityId: id,
          supplierId: actor.supplierId,
          before: null,
          after: { folder, fileName: upload.fileName, contentType: upload.contentType, size: upload.size },
          requestId: actor.requestId,
        },
        tx,
      );
    });
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
  return { id, fileName: upload.fileName, size: upload.size, contentType: upload.contentType };
}

/** Whether a supplier's thread carries the file, so that supplier's members may read it. */
async function isAttachedForSupplier(db: Database, fileId: string, supplierId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(and(eq(threadMessages.attachmentId, fileId), ownedBy(threads, supplierId)))
    .limit(1);
  return row !== undefined;
}

export interface FileDownload {
  fileName: string;
  contentType: string;
  file: StoredFile;
}

/** The file when the actor may read it; anything else is the same 404, so ids are not confirmed. */
export async function openFileForActor(db: Database, storage: Storage, actor: Actor, fileId: string): Promise<FileDownload> {
  const id = fileId.toLowerCase();
  // Any supplier's file: who may read it is decided below (its owner, a thread it is attached to, the team).
  const [row] = await db.select().from(uploadedFiles).where(and(eq(uploadedFiles.id, id), ownedBy(uploadedFiles, ANY_SUPPLIER))).limit(1);
  const isAllowed =
    row !== undefined &&
    (actor.isTeamMember ||
      (actor.supplierId !== null && (row.supplierId === actor.supplierId || (await isAttachedForSupplier(db, id, actor.supplierId)))));
  if (!row || !isAllowed) {
    throw new AppError(ErrorCode.NotFound, FILE_NOT_FOUND);
  }
  return openRow(storage, row);
}

/**
 * A file of the supplier's, for a caller that has decided who may read it (a document of a live
 * listing, which anyone may download); null when the supplier has no such file.
 */
export async function openSupplierFile(db: Database, storage: Storage, supplierId: number, fileId: string): Promise<FileDownload | null> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId.toLowerCase()), ownedBy(uploadedFiles, supplierId)))
    .limit(1);
  try {
    return row ? await openRow(storage, row) : null;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NotFound) {
      return null;
    }
    throw error;
  }
}

async function openRow(storage: Storage, row: typeof uploadedFiles.$inferSelect): Promise<FileDownload> {
  const file = await storage.get(row.storageKey);
  if (!file) {
    throw new AppError(ErrorCode.NotFound, FILE_NOT_FOUND);
  }
  return { fileName: row.fileName, contentType: row.contentType, file };
}
