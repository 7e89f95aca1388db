/**
 * `app.requireAgency` / `app.requireAgencyAdmin` (issue 31): the active agency of an agency
 * dashboard request, named by the `X-Agency-Id` header, checked against the signed-in user's
 * memberships on every request. An agency the user does not belong to, or one no longer approved,
 * answers the same 403 as one that does not exist, so ids reveal nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { App } from '../app-type';
import { agencyApplications, agencyMemberships } from '../db/schema/index';
import { AppError, ErrorCode } from '../errors';
import { getCurrentUser, type AgencyContext } from './context';

export const AGENCY_HEADER = 'x-agency-id';
const MAX_AGENCY_ID = 2_147_483_647; // PostgreSQL integer

/** The agency id of the header: a positive whole number, else 400. */
export function parseAgencyId(header: string | string[] | undefined): number {
  if (header === undefined || header === '') {
    throw new AppError(ErrorCode.BadRequest, 'Choose an active agency: send its id in the X-Agency-Id header.');
  }
  const value = Array.isArray(header) ? undefined : header.trim();
  const agencyId = value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(agencyId) || agencyId > MAX_AGENCY_ID) {
    throw new AppError(ErrorCode.BadRequest, 'The X-Agency-Id header must be one positive whole number.', [
      { field: 'headers.x-agency-id', message: 'must be a positive whole number' },
    ]);
  }
  return agencyId;
}

export function createAgencyContextHandlers(app: App): {
  requireAgency: preValidationAsyncHookHandler;
  requireAgencyAdmin: preValidationAsyncHookHandler;
} {
  const { db } = app.database;

  const resolve = async (request: FastifyRequest): Promise<AgencyContext> => {
    const user = getCurrentUser(request);
    const agencyId = parseAgencyId(request.headers[AGENCY_HEADER]);
    const [membership] = await db
      .select({ isAdmin: agencyMemberships.isAdmin, agencyName: agencyApplications.agencyName })
      .from(agencyMemberships)
      .innerJoin(agencyApplications, eq(agencyApplications.id, agencyMemberships.agencyId))
      .where(and(eq(agencyMemberships.userId, user.id), eq(agencyMemberships.agencyId, agencyId), eq(agencyApplications.status, 'approved')))
      .limit(1);
    if (!membership) {
      throw new AppError(ErrorCode.Forbidden, 'You do not have access to that agency.');
    }
    return { agencyId, agencyName: membership.agencyName, isAdmin: membership.isAdmin };
  };

  return {
    async requireAgency(request) {
      request.agencyContext = await resolve(request);
    },
    // Works after requireAgency or on its own (after authenticate).
    async requireAgencyAdmin(request) {
      const context = request.agencyContext ?? (await resolve(request));
      request.agencyContext = context;
      if (!context.isAdmin) {
        throw new AppError(ErrorCode.Forbidden, 'Only an admin of this agency can do that.');
      }
    },
  };
}
