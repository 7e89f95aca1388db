/**
 * Who does a thing, as the rules, the mails and the audit log need them: the one actor every area's
 * service takes, read from a request by `actorOf` (any signed-in route) or `supplierActorOf` (a
 * route that runs `app.requireSupplier`).
 */
import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../errors';
import { getAccessToken, getAgencyContext, getCurrentUser, getSupplierContext } from './context';

export interface Actor {
  userId: number;
  /** As people see it, for the mails that say who sent them. */
  name: string;
  /** On the marketplace team (`users.is_staff`) and signed in with a second factor, as the team's powers need (issue 29). */
  isTeamMember: boolean;
  /**
   * The active supplier (`X-Supplier-Id`, membership checked by `app.requireSupplier`); null where
   * the route runs no such check: the team's routes, where the team acts for no supplier.
   */
  supplierId: number | null;
  /** The request's id, which every audit entry carries. */
  requestId: string;
}

/** An actor on a supplier's route: the dashboard user acting for the active supplier. */
export type SupplierActor = Actor & { supplierId: number };

/** The signed-in user of a route that runs `app.authenticate`, with the active supplier if one was checked. */
export function actorOf(request: FastifyRequest): Actor {
  const user = getCurrentUser(request);
  return {
    userId: user.id,
    name: user.name,
    isTeamMember: user.isTeamMember && getAccessToken(request).usedSecondFactor,
    supplierId: request.supplierContext?.supplierId ?? null,
    requestId: request.id,
  };
}

/** The dashboard user of a route that runs `app.requireSupplier`, acting for the active supplier. */
export function supplierActorOf(request: FastifyRequest): SupplierActor {
  return { ...actorOf(request), supplierId: getSupplierContext(request).supplierId };
}

/** An actor on an agency's route (issue 31): a member acting for the active agency. */
export type AgencyActor = Actor & { agencyId: number; agencyName: string };

/** The agency dashboard user of a route that runs `app.requireAgency`, acting for the active agency. */
export function agencyActorOf(request: FastifyRequest): AgencyActor {
  const { agencyId, agencyName } = getAgencyContext(request);
  return { ...actorOf(request), agencyId, agencyName };
}

/** 403 when a saved body names another supplier than the active one (a forged `supplierID`). */
export function refuseOtherSupplier(actor: SupplierActor, supplierID: number): void {
  if (supplierID !== actor.supplierId) {
    throw new AppError(ErrorCode.Forbidden, 'You can only save for your active supplier.', [
      { field: 'supplierID', message: 'Must be the active supplier' },
    ]);
  }
}
