/**
 * Money in the portal: NZD, GST-exclusive, kept as whole cents (never floating dollars), shown
 * with two decimals.
 */

/** The largest engagement value a notice may state: NZ$10 billion, in cents. */
export const MAX_ENGAGEMENT_VALUE_CENTS = 1_000_000_000_000;
/** The largest amount one line of a billing report may state: NZ$100 million, in cents. */
export const MAX_BILLED_AMOUNT_CENTS = 10_000_000_000;

/** `123456` → `1234.56` (a CSV cell, a form's default): no grouping, always two decimals. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}${String(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** `123456` → `$1,234.56` as people read it (en-NZ grouping). */
export function formatCents(cents: number): string {
  const [dollars = '0', decimals = '00'] = centsToDecimal(Math.abs(cents)).split('.');
  const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${decimals}`;
}
