/**
 * What authentication puts on a request, and the accessors routes use to read it.
 * `app.authenticate` (a route's preValidation hook, so a request is refused before its body is even
 * validated) verifies the bearer token and sets `request.currentUser`;
 * `app.requireSupplier` (after it) checks the `X-Supplier-Id` membership and sets
 * `request.supplierContext`; `app.requireSupplierAdmin` also requires the admin flag;
 * `app.requireAgency` / `app.requireAgencyAdmin` do the same for the `X-Agency-Id` header and
 * `request.agencyContext` (issue 31);
 * `app.requireTeamMember` (after authenticate) requires the marketplace team's role;
 * `app.requireTeamAdmin` (after authenticate) requires a team admin.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError, ErrorCode } from '../errors';
import type { VerifiedAccessToken } from './verify-token';

export interface AuthenticatedUser {
  id: number;
  email: string;
  name: string;
  isTeamMember: boolean;
  activeSupplierId: number | null;
}

export interface SupplierContext {
  supplierId: number;
  isAdmin: boolean;
}

export interface AgencyContext {
  agencyId: number;
  agencyName: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preValidationAsyncHookHandler;
    requireSupplier: preValidationAsyncHookHandler;
    requireSupplierAdmin: preValidationAsyncHookHandler;
    requireAgency: preValidationAsyncHookHandler;
    requireAgencyAdmin: preValidationAsyncHookHandler;
    requireTeamMember: preValidationAsyncHookHandler;
    requireTeamAdmin: preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    currentUser: AuthenticatedUser | null;
    /** The verified bearer token behind `currentUser` (its identity and sign-in session). */
    accessToken: VerifiedAccessToken | null;
    supplierContext: SupplierContext | null;
    agencyContext: AgencyContext | null;
  }
}

/** The signed-in user of a route that runs `app.authenticate`. */
export function getCurrentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.currentUser) {
    throw new AppError(ErrorCode.Unauthorized, 'Sign in to continue.');
  }
  return request.currentUser;
}

/** The verified access token of a route that runs `app.authenticate`. */
export function getAccessToken(request: FastifyRequest): VerifiedAccessToken {
  if (!request.accessToken) {
    throw new AppError(ErrorCode.Unauthorized, 'Sign in to continue.');
  }
  return request.accessToken;
}

/** The active supplier of a route that runs `app.requireSupplier`. */
export function getSupplierContext(request: FastifyRequest): SupplierContext {
  if (!request.supplierContext) {
    throw new AppError(ErrorCode.Forbidden, 'Choose an active supplier to continue.');
  }
  return request.supplierContext;
}

/** The active agency of a route that runs `app.requireAgency`. */
export function getAgencyContext(request: FastifyRequest): AgencyContext {
  if (!request.agencyContext) {
    throw new AppError(ErrorCode.Forbidden, 'Choose an active agency to continue.');
  }
  return request.agencyContext;
}
