/** The signed-in user's suppliers and agencies, and the active one (spec §7 user routes, issue 31). */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { AgencySummary, SupplierSummary, SuspendedSupplier } from '../../../common/api/user';
import type { Database } from '../../db/client';
import { agencyApplications, agencyMemberships, supplierMemberships, suppliers, supplierStatusesWithoutDashboard } from '../../db/schema/index';
import { actForAgency, actForSupplier } from '../invitations/service';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import type { AuthenticatedUser } from '../../auth/context';

/** Suppliers the user belongs to that can use the dashboard (neither inactive nor suspended), by trading name. */
export async function listUserSuppliers(db: Database, userId: number): Promise<SupplierSummary[]> {
  return db
    .select({ supplierID: suppliers.id, tradingName: suppliers.tradingName, isAdmin: supplierMemberships.isAdmin, requiresSecondFactor: suppliers.requireSecondFactor })
    .from(supplierMemberships)
    .innerJoin(suppliers, eq(suppliers.id, supplierMemberships.supplierId))
    // The person's own memberships, whichever suppliers they are in.
    .where(and(eq(supplierMemberships.userId, userId), notInArray(suppliers.status, [...supplierStatusesWithoutDashboard]), ownedBy(supplierMemberships, ANY_SUPPLIER)))
    .orderBy(asc(suppliers.tradingName), asc(suppliers.id));
}

/** The user's suppliers that the team has suspended, with the team's reason, by trading name. */
export async function listUserSuspendedSuppliers(db: Database, userId: number): Promise<SuspendedSupplier[]> {
  return db
    .select({ supplierID: suppliers.id, tradingName: suppliers.tradingName, reason: suppliers.suspensionReason })
    .from(supplierMemberships)
    .innerJoin(suppliers, eq(suppliers.id, supplierMemberships.supplierId))
    // The person's own memberships, whichever suppliers they are in.
    .where(and(eq(supplierMemberships.userId, userId), eq(suppliers.status, 'suspended'), ownedBy(supplierMemberships, ANY_SUPPLIER)))
    .orderBy(asc(suppliers.tradingName), asc(suppliers.id));
}

/** The remembered supplier if the user still belongs to it, else their first supplier, else null. */
export function resolveActiveSupplier(
  activeSupplierId: number | null,
  userSuppliers: SupplierSummary[],
): SupplierSummary | null {
  return userSuppliers.find((supplier) => supplier.supplierID === activeSupplierId) ?? userSuppliers[0] ?? null;
}

/** The approved agencies the user belongs to, by name, each with whether it is the one they act for. */
async function listUserAgencyMemberships(db: Database, userId: number): Promise<(AgencySummary & { isActive: boolean })[]> {
  return db
    .select({ agencyID: agencyApplications.id, agencyName: agencyApplications.agencyName, isAdmin: agencyMemberships.isAdmin, isActive: agencyMemberships.isActive })
    .from(agencyMemberships)
    .innerJoin(agencyApplications, eq(agencyApplications.id, agencyMemberships.agencyId))
    .where(and(eq(agencyMemberships.userId, userId), eq(agencyApplications.status, 'approved')))
    .orderBy(asc(agencyApplications.agencyName), asc(agencyApplications.id));
}

/**
 * The agency the user acts for: the one they chose last, or, for a person of agencies only, their
 * first; null when they act for a supplier (or belong to no agency).
 */
export function resolveActiveAgency(agencies: (AgencySummary & { isActive: boolean })[], hasSuppliers: boolean): AgencySummary | null {
  const chosen = agencies.find((agency) => agency.isActive) ?? (hasSuppliers ? undefined : agencies[0]);
  return chosen ? { agencyID: chosen.agencyID, agencyName: chosen.agencyName, isAdmin: chosen.isAdmin } : null;
}

export async function getUserOverview(db: Database, user: AuthenticatedUser) {
  const userSuppliers = await listUserSuppliers(db, user.id);
  const agencies = await listUserAgencyMemberships(db, user.id);
  return {
    user: { id: user.id, name: user.name, email: user.email, isTeamMember: user.isTeamMember },
    activeSupplier: resolveActiveSupplier(user.activeSupplierId, userSuppliers),
    suppliers: userSuppliers,
    suspendedSuppliers: await listUserSuspendedSuppliers(db, user.id),
    agencies: agencies.map(({ isActive: _isActive, ...agency }) => agency),
    activeAgency: resolveActiveAgency(agencies, userSuppliers.length > 0),
  };
}

/**
 * Makes `agencyId` the agency the user acts for. Returns null when they do not belong to it (or it
 * is no longer approved), so the route can answer 404 without revealing whether it exists.
 */
export async function switchActiveAgency(db: Database, userId: number, agencyId: number): Promise<{ before: number | null; after: AgencySummary } | null> {
  const agencies = await listUserAgencyMemberships(db, userId);
  const target = agencies.find((agency) => agency.agencyID === agencyId);
  if (!target) {
    return null;
  }
  await db.transaction((tx) => actForAgency(tx, userId, agencyId));
  return { before: agencies.find((agency) => agency.isActive)?.agencyID ?? null, after: { agencyID: target.agencyID, agencyName: target.agencyName, isAdmin: target.isAdmin } };
}

/**
 * Makes `supplierId` the user's active supplier. Returns null when the user does not belong to it
 * (or it is inactive or suspended), so the route can answer 404 without revealing whether it exists.
 */
export async function switchActiveSupplier(
  db: Database,
  user: AuthenticatedUser,
  supplierId: number,
): Promise<{ before: number | null; after: SupplierSummary } | null> {
  const userSuppliers = await listUserSuppliers(db, user.id);
  const target = userSuppliers.find((supplier) => supplier.supplierID === supplierId);
  if (!target) {
    return null;
  }
  await db.transaction((tx) => actForSupplier(tx, user.id, supplierId));
  return { before: user.activeSupplierId, after: target };
}
