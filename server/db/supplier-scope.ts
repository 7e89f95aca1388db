/**
 * The one path to the records a supplier owns (the tables with a `supplier_id`). Every read, update
 * or delete of such a table says whose records it may reach, in the statement itself:
 *
 * - `ownedBy(table, supplierId)` on the supplier's side (the active supplier of the request), or
 * - `ownedBy(table, ANY_SUPPLIER)` where reaching any supplier's records is the point: the team's
 *   side, the public directory, a person's own memberships, an invitation found by its secret token,
 *   a record whose owner the statement itself checks. Each such use says why beside it.
 *
 * `supplier-scope.test.ts` reads every server file and fails on a statement on one of these tables
 * that does neither, so a new query cannot forget the supplier silently. Inserts are not checked:
 * `supplier_id` is a required value of every insert, written from the caller's supplier.
 */
import { eq, type SQL } from 'drizzle-orm';
import {
  applications,
  billingReminders,
  billingReports,
  engagementNotices,
  invitations,
  missingBillingReports,
  serviceListings,
  supplierMemberships,
  supplierServices,
  threads,
  uploadedFiles,
} from './schema/index';

/** The tables a supplier owns rows of, by the name the code imports them under. */
export const SUPPLIER_OWNED_TABLES = {
  applications,
  billingReminders,
  billingReports,
  engagementNotices,
  invitations,
  missingBillingReports,
  serviceListings,
  supplierMemberships,
  supplierServices,
  threads,
  uploadedFiles,
};

type SupplierOwnedTable = (typeof SUPPLIER_OWNED_TABLES)[keyof typeof SUPPLIER_OWNED_TABLES];

/** Whose records a statement may reach: any supplier's (stated on purpose), or one supplier's. */
export const ANY_SUPPLIER: unique symbol = Symbol('any supplier');

export type SupplierScope = number | typeof ANY_SUPPLIER;

/** The condition limiting `table` to one supplier's rows; none for ANY_SUPPLIER (`and()` skips it). */
export function ownedBy(table: SupplierOwnedTable, scope: SupplierScope): SQL | undefined {
  return scope === ANY_SUPPLIER ? undefined : eq(table.supplierId, scope);
}
