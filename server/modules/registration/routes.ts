/** GET /api/v1/check-supplier: the public registration wizard's "already registered?" check. */
import { errorResponses } from '../../../common/api/http';
import { CheckSupplierQuerySchema, CheckSupplierResponseSchema, type CheckSupplierQuery } from '../../../common/api/registration';
import type { App } from '../../app-type';
import { AppError, ErrorCode } from '../../errors';
import { publicFormRoute } from '../../http/public-form-token';
import { isBusinessRegistered, readBusinessNumber } from './check-supplier';

export const CHECK_SUPPLIER_ROUTE = '/check-supplier';

export const TOO_MANY_CHECKS_MESSAGE = 'This business number has been checked too many times. Wait a minute, then try again.';

export async function registerRegistrationModule(app: App): Promise<void> {
  const { db } = app.database;
  const { numberRateLimit } = app.config.publicForms;
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
          'naming the field. Answers only whether a supplier with that number exists. Needs the security token of the page ' +
          '(403 without it) and is rate limited per client address and per business number (429).',
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
}
