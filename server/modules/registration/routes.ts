/**
 * The public registration routes (spec §7): GET /check-supplier (the wizard's "already
 * registered?" check), POST /supplier-registration (the answers) and POST
 * /supplier-registration/upload (the financial statement, before anyone is signed in). Each needs
 * the page's security token and is rate limited per client address (publicFormRoute).
 */
import multipart from '@fastify/multipart';
import { errorResponses } from '../../../common/api/http';
import {
  CheckSupplierQuerySchema,
  CheckSupplierResponseSchema,
  SubmitRegistrationRequestSchema,
  SubmitRegistrationResponseSchema,
  type CheckSupplierQuery,
  type SubmitRegistrationResponse,
} from '../../../common/api/registration';
import { REGISTRATION_UPLOAD_FOLDER, UploadResponseSchema } from '../../../common/api/uploads';
import type { App } from '../../app-type';
import { AppError, ErrorCode } from '../../errors';
import { publicFormRoute } from '../../http/public-form-token';
import { inspectUpload } from '../../storage/upload-policy';
import { MULTIPART_OVERHEAD_BYTES, readUploadedFile, uploadErrorHandler } from '../uploads/read-upload';
import { saveUpload } from '../uploads/service';
import { registrationUploadSweepJobKind } from './abandoned-uploads';
import { isBusinessRegistered, readBusinessNumber } from './check-supplier';
import { submitRegistration } from './submit-registration';
import { claimUploadBytes, releaseUploadBytes } from './upload-budget';

export const CHECK_SUPPLIER_ROUTE = '/check-supplier';
export const SUBMIT_REGISTRATION_ROUTE = '/supplier-registration';
export const REGISTRATION_UPLOAD_ROUTE = '/supplier-registration/upload';

export const TOO_MANY_CHECKS_MESSAGE = 'This business number has been checked too many times. Wait a minute, then try again.';


export async function registerRegistrationModule(app: App): Promise<void> {
  const { db } = app.database;
  app.jobs.define(
    registrationUploadSweepJobKind({ db, storage: app.storage, keepHours: app.config.registrationUploads.keepHours, log: app.log }, app.config.jobs.uploadSweepSchedule),
  );
  const uploadBudget = { bytesPerDay: app.config.registrationUploads.bytesPerDay, teamEmail: app.config.teamContact.email };
  const { numberRateLimit } = app.config.publicForms;
  const mailContext = { productName: app.config.productName, reviewTargetDays: app.config.reviewTargetDays, teamContact: app.config.teamContact };
  // Per business number, from every address together: many addresses cannot hammer one number,
  // while the route's per-address limit stops one address walking through many numbers.
  const limitChecksOfNumber =
    numberRateLimit > 0
      ? app.createRateLimit({
          max: numberRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => {
            const number = readBusinessNumber(request.query as CheckSupplierQuery);
            return `check-supplier:${number.kind}:${number.digits}`;
          },
        })
      : undefined;

  app.get(
    CHECK_SUPPLIER_ROUTE,
    {
      ...publicFormRoute(app),
      schema: {
        tags: ['registration'],
        summary: 'Says whether a business is already registered (public, needs X-SECURITY-TOKEN)',
        description:
          'Takes exactly one of nzbn, abn or acn (spaces allowed); a number with a wrong format or check digit answers 400 ' +
          'naming the field. Answers only whether a supplier with that number exists, or a registration of it is waiting ' +
          'for the team. Needs the security token of the page (403 without it) and is rate limited per client address and ' +
          'per business number (429).',
        querystring: CheckSupplierQuerySchema,
        response: { 200: CheckSupplierResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      const number = readBusinessNumber(request.query);
      if (limitChecksOfNumber) {
        const limit = await limitChecksOfNumber(request);
        if (!limit.isAllowed && limit.isExceeded) {
          throw new AppError(ErrorCode.TooManyRequests, TOO_MANY_CHECKS_MESSAGE);
        }
      }
      return { registered: await isBusinessRegistered(db, number) };
    },
  );

  app.post(
    SUBMIT_REGISTRATION_ROUTE,
    {
      ...publicFormRoute(app),
      schema: {
        tags: ['registration'],
        summary: 'Registers a business for the team to review (public, needs X-SECURITY-TOKEN)',
        description:
          'Takes the wizard\'s flat answers (numeric key prefixes stripped) and the form version they were given on. ' +
          'Every step is validated against that stored version (400 with each failing field in details); a business ' +
          'already registered or already waiting for the team answers 409. Answers the registration\'s reference.',
        body: SubmitRegistrationRequestSchema,
        response: { 201: SubmitRegistrationResponseSchema, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { referenceId } = await submitRegistration({ db, audit: app.audit, mail: app.mail, mailContext }, request.id, request.body);
      return reply.status(201).send({ referenceId } satisfies SubmitRegistrationResponse);
    },
  );

  // Multipart parsing only here, so no other route of this module accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);
    const maxBytes = app.config.uploadMaxBytes;
    scope.setErrorHandler(uploadErrorHandler('registration upload'));

    scope.post(
      REGISTRATION_UPLOAD_ROUTE,
      {
        ...publicFormRoute(app),
        bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES,
        schema: {
          tags: ['registration'],
          summary: 'Uploads a registration\'s financial statement (public, needs X-SECURITY-TOKEN; multipart field `file`)',
          description:
            'The same size and type policy as every upload, and a budget of bytes per client address a day ' +
            '(REGISTRATION_UPLOAD_BYTES_PER_DAY; 429 past it). The file belongs to no supplier until the registration ' +
            'holding it is approved; one no submitted registration holds is removed after REGISTRATION_UPLOAD_KEEP_HOURS.',
          consumes: ['multipart/form-data'],
          response: { 200: UploadResponseSchema, 400: UploadResponseSchema, 403: UploadResponseSchema, 413: UploadResponseSchema, 415: UploadResponseSchema, 429: UploadResponseSchema },
        },
      },
      async (request) => {
        const { bytes, fileName } = await readUploadedFile(request, maxBytes);
        const upload = await inspectUpload(bytes, fileName);
        // A visitor who is not signed in: the file belongs to no one until the registration is approved.
        const visitor = { userId: null, supplierId: null, requestId: request.id };
        // Claimed before the bytes are stored: concurrent uploads from one address count together.
        const claimId = await claimUploadBytes(db, uploadBudget, request.ip, bytes.length);
        let file;
        try {
          file = await saveUpload(db, app.storage, app.audit, visitor, REGISTRATION_UPLOAD_FOLDER, upload, bytes);
        } catch (error) {
          await releaseUploadBytes(db, claimId);
          throw error;
        }
        return { success: true, files: [file], errors: [] };
      },
    );
  });
}
