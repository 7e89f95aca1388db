/**
 * The team app's supplier management screens, relative to the team app's base (/admin), built
 * in one place: the screens link with these, and ./supplier-management-routes.tsx is the table
 * they match. The audit history is the audit log's screen, filtered to the supplier.
 */
export const supplierManagementPaths = {
  suppliers: (search = '') => `/suppliers${search}`,
  supplier: (id: number) => `/suppliers/${String(id)}`,
  auditHistory: (supplierId: number) => `/audit?supplier=${String(supplierId)}`,
  /** Suppliers' changes of legal name or business numbers waiting for review (or of the status in `search`). */
  changes: (search = '') => `/supplier-changes${search}`,
  change: (id: number) => `/supplier-changes/${String(id)}`,
};
