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

const DOLLARS = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/;

/**
 * Dollars as people type them ('1234.56', '1,234.56', '$1,234', ' 7 ', '-5') in whole cents;
 * undefined when the text is empty or is not an amount to the cent ('12.345', 'abc', '1,23').
 */
export function parseDollarsToCents(text: string): number | undefined {
  const match = DOLLARS.exec(text.trim().replace(/^\$-/, '-$'));
  if (!match) {
    return undefined;
  }
  const [, minus, dollars = '', decimals = ''] = match;
  if (dollars === '' && decimals === '') {
    return undefined;
  }
  const cents = Number(dollars.replaceAll(',', '') || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) {
    return undefined;
  }
  // `-0` would read as an answer of its own; no money is no money.
  return minus && cents !== 0 ? -cents : cents;
}
