/** The signed-in user's suppliers and the active one (spec §7 user routes). */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { SupplierSummary, SuspendedSupplier } from '../../../common/api/user';
import type { Database } from '../../db/client';
import { supplierMemberships, suppliers, supplierStatusesWithoutDashboard, users } from '../../db/schema/index';
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

export async function getUserOverview(db: Database, user: AuthenticatedUser) {
  const userSuppliers = await listUserSuppliers(db, user.id);
  return {
    user: { id: user.id, name: user.name, email: user.email, isTeamMember: user.isTeamMember },
    activeSupplier: resolveActiveSupplier(user.activeSupplierId, userSuppliers),
    suppliers: userSuppliers,
    suspendedSuppliers: await listUserSuspendedSuppliers(db, user.id),
  };
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
  await db.update(users).set({ activeSupplierId: supplierId, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { before: user.activeSupplierId, after: target };
}
