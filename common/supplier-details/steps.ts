/**
 * The supplier details form's steps, by id and title: what the dashboard's routes need, apart from
 * the form's schemas (form.ts) so the dashboard does not load the whole form to draw its routes.
 */
export const SUPPLIER_DETAILS_STEP_IDS = ['company-details', 'financial-viability', 'validation', 'public-profile'] as const;
export type SupplierDetailsStepId = (typeof SUPPLIER_DETAILS_STEP_IDS)[number];

export const SUPPLIER_DETAILS_STEP_TITLES: Readonly<Record<SupplierDetailsStepId, string>> = {
  'company-details': 'Company details',
  'financial-viability': 'Financial viability',
  validation: 'Validation',
  'public-profile': 'Public profile',
};
