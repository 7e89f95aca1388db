/**
 * What the open data (OCDS parties) and the public insights say of a supplier, from its details
 * (./form.ts): its size as OCDS's `scale` and whether it is a Māori business, each only where the
 * supplier answered. One place for both, so a figure and a published party never disagree.
 */

/** OCDS `details.scale`: fewer than 20 people is a small business in New Zealand's measure. */
export type SupplierScale = 'sme' | 'large';

const SME_SIZES: ReadonlySet<string> = new Set(['1', '2-19']);
const LARGE_SIZES: ReadonlySet<string> = new Set(['20-49', '50-199', '200+']);

/** The supplier's scale from `size_of_company`; null when it did not say (or said something unknown). */
export function supplierScaleOf(details: Record<string, unknown>): SupplierScale | null {
  const size = details.size_of_company;
  if (typeof size !== 'string') {
    return null;
  }
  if (SME_SIZES.has(size)) {
    return 'sme';
  }
  return LARGE_SIZES.has(size) ? 'large' : null;
}

/** Whether the supplier said it is a Māori business (`maori_business`); null when it did not say. */
export function isMaoriBusinessOf(details: Record<string, unknown>): boolean | null {
  const answer = details.maori_business;
  return answer === 'yes' ? true : answer === 'no' ? false : null;
}

/** The government's progressive procurement target: this share of agencies' contracts to Māori businesses. */
export const MAORI_BUSINESS_TARGET_PERCENT = 8;
