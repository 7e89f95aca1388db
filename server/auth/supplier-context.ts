/**
 * `app.requireSupplier` / `app.requireSupplierAdmin`: the active supplier of a dashboard request,
 * named by the `X-Supplier-Id` header, checked against the signed-in user's memberships on every
 * request. A supplier the user does not belong to, or an inactive or suspended one, answers the same
 * 403 as one that does not exist, so ids reveal nothing. A supplier whose admins ask for a second
 * factor (`suppliers.require_second_factor`, issue 29) refuses a sign-in without one: 403 `second
 * factor required`, saying what to do.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { App } from '../app-type';
import { supplierMemberships, suppliers, supplierStatusesWithoutDashboard } from '../db/schema/index';
import { ownedBy } from '../db/supplier-scope';
import { supplierSecondFactorRequiredMessage } from '../../common/api/second-factors';
import { AppError, ErrorCode } from '../errors';
import { getAccessToken, getCurrentUser, type SupplierContext } from './context';

export const SUPPLIER_HEADER = 'x-supplier-id';
const MAX_SUPPLIER_ID = 2_147_483_647; // PostgreSQL integer

/** The supplier id of the header: a positive whole number, else 400. */
export function parseSupplierId(header: string | string[] | undefined): number {
  if (header === undefined || header === '') {
    throw new AppError(ErrorCode.BadRequest, 'Choose an active supplier: send its id in the X-Supplier-Id header.');
  }
  const value = Array.isArray(header) ? undefined : header.trim();
  const supplierId = value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(supplierId) || supplierId > MAX_SUPPLIER_ID) {
    throw new AppError(ErrorCode.BadRequest, 'The X-Supplier-Id header must be one positive whole number.', [
      { field: 'headers.x-supplier-id', message: 'must be a positive whole number' },
    ]);
  }
  return supplierId;
}

export function createSupplierContextHandlers(app: App): {
  requireSupplier: preValidationAsyncHookHandler;
  requireSupplierAdmin: preValidationAsyncHookHandler;
} {
  const { db } = app.database;

  const resolve = async (request: FastifyRequest): Promise<SupplierContext> => {
    const user = getCurrentUser(request);
    const supplierId = parseSupplierId(request.headers[SUPPLIER_HEADER]);
    const [membership] = await db
      .select({ isAdmin: supplierMemberships.isAdmin, tradingName: suppliers.tradingName, requireSecondFactor: suppliers.requireSecondFactor })
      .from(supplierMemberships)
      .innerJoin(suppliers, eq(suppliers.id, supplierMemberships.supplierId))
      .where(and(eq(supplierMemberships.userId, user.id), ownedBy(supplierMemberships, supplierId), notInArray(suppliers.status, [...supplierStatusesWithoutDashboard])))
      .limit(1);
    if (!membership) {
      throw new AppError(ErrorCode.Forbidden, 'You do not have access to that supplier.');
    }
    if (membership.requireSecondFactor && !getAccessToken(request).usedSecondFactor) {
      throw new AppError(ErrorCode.SecondFactorRequired, supplierSecondFactorRequiredMessage(membership.tradingName));
    }
    return { supplierId, isAdmin: membership.isAdmin };
  };

  return {
    async requireSupplier(request) {
      request.supplierContext = await resolve(request);
    },
    // Works after requireSupplier or on its own (after authenticate).
    async requireSupplierAdmin(request) {
      const context = request.supplierContext ?? (await resolve(request));
      request.supplierContext = context;
      if (!context.isAdmin) {
        throw new AppError(ErrorCode.Forbidden, 'Only an admin of this supplier can do that.');
      }
    },
  };
}
