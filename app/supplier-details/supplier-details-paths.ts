/**
 * The dashboard's supplier details screens' paths, relative to the dashboard's base (/dashboard),
 * built in one place: screens link and navigate with these, and ./supplier-details-routes.tsx is the
 * table they match.
 */
export const supplierDetailsPaths = {
  supplier: () => '/supplier',
  /** One step of the supplier details form (a step id of common/supplier-details/form.ts). */
  editSupplier: (stepId = 'company-details') => `/supplier/edit/${stepId}`,
};
