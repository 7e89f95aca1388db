/** Builders of API answers for the apps' component tests. */
import type { CurrentUserResponse, SupplierSummary } from '../../common/api/user';

export function buildSupplier(overrides: Partial<SupplierSummary> = {}): SupplierSummary {
  return { supplierID: 1, tradingName: 'Acme Digital', isAdmin: false, ...overrides };
}

/** A signed-in user whose active supplier is the first of `suppliers` unless told otherwise. */
export function buildCurrentUser(
  options: { suppliers?: SupplierSummary[]; activeSupplier?: SupplierSummary | null; name?: string; email?: string } = {},
): CurrentUserResponse {
  const suppliers = options.suppliers ?? [buildSupplier()];
  return {
    user: { id: 10, name: options.name ?? 'Alex Admin', email: options.email ?? 'alex@example.govt.nz', isStaff: false },
    activeSupplier: options.activeSupplier === undefined ? (suppliers[0] ?? null) : options.activeSupplier,
    suppliers,
  };
}
