/** GET /api/v1/user, GET /api/v1/user/switch[/{supplierID}], GET /api/v1/user/switch-agency/{agencyID}, POST /api/v1/account/password and the person's own sign-ins (/api/v1/account/sessions). */
import { Type } from 'typebox';
import { errorResponses, IdSchema } from '../../../common/api/http';
import { CurrentUserResponseSchema, SwitchAgencyResponseSchema, SwitchSupplierResponseSchema } from '../../../common/api/user';
import type { App } from '../../app-type';
import { getAccessToken, getCurrentUser } from '../../auth/context';
import { AppError, ErrorCode } from '../../errors';
import { registerPasswordChangeRoute } from './password-routes';
import { registerSecondFactorRoutes } from './second-factor-routes';
import { registerSessionRoutes } from './sessions-routes';
import { getUserOverview, listUserSuppliers, resolveActiveSupplier, switchActiveAgency, switchActiveSupplier } from './service';

const routeErrors = errorResponses(401, 403);

export async function registerAccountRoutes(app: App): Promise<void> {
  app.get(
    '/user',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user, their suppliers and the active one',
        response: { 200: CurrentUserResponseSchema, ...routeErrors },
      },
    },
    async (request) => ({
      ...(await getUserOverview(app.database.db, getCurrentUser(request))),
      signedInWithSecondFactor: getAccessToken(request).usedSecondFactor,
    }),
  );

  app.get(
    '/user/switch',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The active supplier',
        response: { 200: SwitchSupplierResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = getCurrentUser(request);
      const userSuppliers = await listUserSuppliers(app.database.db, user.id);
      return { activeSupplier: resolveActiveSupplier(user.activeSupplierId, userSuppliers) };
    },
  );

  app.get(
    '/user/switch/:supplierID',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Makes a supplier the user belongs to the active one',
        params: Type.Object({ supplierID: IdSchema }),
        response: { 200: SwitchSupplierResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = getCurrentUser(request);
      const supplierId = request.params.supplierID;
      const switched = await switchActiveSupplier(app.database.db, user, supplierId);
      if (!switched) {
        throw new AppError(ErrorCode.NotFound, 'You are not a member of that supplier.');
      }
      if (switched.before !== supplierId) {
        await app.audit.record({
          actorUserId: user.id,
          action: 'user.switch-supplier',
          entity: 'user',
          entityId: user.id,
          supplierId,
          before: { activeSupplierId: switched.before },
          after: { activeSupplierId: supplierId },
          requestId: request.id,
        });
      }
      return { activeSupplier: switched.after };
    },
  );

  app.get(
    '/user/switch-agency/:agencyID',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Makes an approved agency the user belongs to the organisation they act for (issue 31)',
        params: Type.Object({ agencyID: IdSchema }),
        response: { 200: SwitchAgencyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = getCurrentUser(request);
      const { agencyID } = request.params;
      const switched = await switchActiveAgency(app.database.db, user.id, agencyID);
      if (!switched) {
        throw new AppError(ErrorCode.NotFound, 'You are not a member of that agency.');
      }
      if (switched.before !== agencyID) {
        await app.audit.record({
          actorUserId: user.id,
          action: 'user.switch-agency',
          entity: 'user',
          entityId: user.id,
          before: { activeAgencyId: switched.before },
          after: { activeAgencyId: agencyID },
          requestId: request.id,
        });
      }
      return { activeAgency: switched.after };
    },
  );

  await registerPasswordChangeRoute(app);
  await registerSessionRoutes(app);
  await registerSecondFactorRoutes(app);
}
