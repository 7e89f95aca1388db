/**
 * POST /api/v1/upload (spec §7: multipart with the file and a `folder` header; answers success,
 * files[0].id, errors) and GET /api/v1/files/{id}, the authorised download.
 */
import { uploadSweepJobKind } from './sweep';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FileParamsSchema,
  UPLOAD_FOLDER_HEADER,
  UploadResponseSchema,
} from '../../../common/api/uploads';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { requireTeamMember } from '../../auth/require-team-member';
import { getCurrentUser } from '../../auth/context';
import { SUPPLIER_HEADER } from '../../auth/supplier-context';
import { inspectUpload } from '../../storage/upload-policy';
import { sendFileDownload } from '../../http/send-file';
import { MULTIPART_OVERHEAD_BYTES, readUploadedFile, uploadErrorHandler } from './read-upload';
import { openFileForActor, parseUploadFolder, saveUpload } from './service';


/**
 * Dashboard users act for the supplier of X-Supplier-Id (membership checked by requireSupplier);
 * the team may also act without one, for the team's own files, signed in as the team's routes need.
 */
export function createFileActorHandler(app: App) {
  return async function resolveFileActor(this: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user = getCurrentUser(request);
    if (request.headers[SUPPLIER_HEADER] !== undefined || !user.isTeamMember) {
      await app.requireSupplier.call(app, request, reply);
    } else {
      await requireTeamMember(request);
    }
  };
}

export async function registerUploadModule(app: App): Promise<void> {
  const { storage } = app.config;
  if (storage.driver === 'local') {
    app.jobs.define(uploadSweepJobKind({ db: app.database.db, directory: storage.directory, log: app.log }, app.config.jobs.uploadSweepSchedule));
  }
  // Multipart parsing only where files are taken, so no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);
    const maxBytes = app.config.uploadMaxBytes;
    const { db } = app.database;

    scope.setErrorHandler(uploadErrorHandler('upload'));

    scope.post(
      '/upload',
      {
        preValidation: [app.authenticate, createFileActorHandler(app)],
        bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES,
        schema: {
          tags: ['uploads'],
          summary: 'Uploads one file (multipart field `file`, header `folder: MessageAttachments`)',
          consumes: ['multipart/form-data'],
          response: { 200: UploadResponseSchema, 400: UploadResponseSchema, 401: UploadResponseSchema, 403: UploadResponseSchema, 413: UploadResponseSchema, 415: UploadResponseSchema },
        },
      },
      async (request) => {
        const folder = parseUploadFolder(request.headers[UPLOAD_FOLDER_HEADER]);
        const { bytes, fileName } = await readUploadedFile(request, maxBytes);
        const upload = await inspectUpload(bytes, fileName);
        const file = await saveUpload(db, app.storage, app.audit, actorOf(request), folder, upload, bytes);
        return { success: true, files: [file], errors: [] };
      },
    );
  });

  app.get(
    '/files/:id',
    {
      preValidation: [app.authenticate, createFileActorHandler(app)],
      schema: {
        tags: ['uploads'],
        summary: 'Downloads a file of the active supplier (or any file, for the team)',
        params: FileParamsSchema,
        // The bytes are streamed as stored, not serialised.
        response: { 200: Type.Unknown({ description: 'The file, with its stored content type' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const download = await openFileForActor(app.database.db, app.storage, actorOf(request), request.params.id);
      return sendFileDownload(reply, download, 'private, no-store');
    },
  );
}
