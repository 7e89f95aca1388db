/**
 * Checks of New Zealand and Australian business numbers, shared by the server and the apps.
 * Both functions ignore spaces (people often write "51 824 753 556") and never throw.
 */

function digitsOf(value: string, length: number): number[] | null {
  const compact = value.replace(/\s+/g, '');
  if (compact.length !== length || !/^\d+$/.test(compact)) {
    return null;
  }
  return Array.from(compact, (digit) => Number(digit));
}

/**
 * True for a New Zealand Business Number: 13 digits, the GS1 prefix 94 (every NZBN is issued by
 * GS1 New Zealand) and a valid GS1 (GTIN-13) check digit. The first 12 digits are weighted 1, 3,
 * 1, 3, … from the left; the check digit brings the weighted sum up to a multiple of 10.
 */
export function isValidNzbn(value: string): boolean {
  const digits = digitsOf(value, 13);
  if (!digits || digits[0] !== 9 || digits[1] !== 4) {
    return false;
  }
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * True for an Australian Business Number: 11 digits, not starting with 0, that pass the ATO
 * checksum: subtract 1 from the first digit, weight the digits 10, 1, 3, 5, …, 19 and the sum
 * must be divisible by 89.
 */
export function isValidAbn(value: string): boolean {
  const digits = digitsOf(value, 11);
  if (!digits || digits[0] === 0) {
    return false;
  }
  const sum = digits.reduce((total, digit, index) => total + (index === 0 ? digit - 1 : digit) * (ABN_WEIGHTS[index] ?? 0), 0);
  return sum % 89 === 0;
}

/**
 * True for an Australian Company Number: 9 digits whose first 8, weighted 8, 7, …, 1, sum to a
 * number whose complement to the next multiple of 10 is the last digit (ASIC's check digit).
 */
export function isValidAcn(value: string): boolean {
  const digits = digitsOf(value, 9);
  if (!digits) {
    return false;
  }
  const sum = digits.slice(0, 8).reduce((total, digit, index) => total + digit * (8 - index), 0);
  return (10 - (sum % 10)) % 10 === digits[8];
}

const IRD_PRIMARY_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const IRD_SECONDARY_WEIGHTS = [7, 4, 3, 2, 5, 2, 7, 6] as const;
const IRD_LOWEST = 10_000_000;
const IRD_HIGHEST = 150_000_000;

function irdCheckDigit(base: readonly number[], weights: readonly number[]): number {
  const remainder = base.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0) % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/**
 * True for a New Zealand GST number, which is the business's IRD number: 8 or 9 digits (hyphens
 * and spaces allowed, as printed: 49-091-850), between 10,000,000 and 150,000,000, with Inland
 * Revenue's mod-11 check digit (secondary weights when the primary ones give 10).
 */
export function isValidNzGstNumber(value: string): boolean {
  const compact = value.replace(/[\s-]+/g, '');
  if (!/^\d{8,9}$/.test(compact)) {
    return false;
  }
  const number = Number(compact);
  if (number < IRD_LOWEST || number > IRD_HIGHEST) {
    return false;
  }
  const digits = Array.from(compact.padStart(9, '0'), (digit) => Number(digit));
  const base = digits.slice(0, 8);
  let check = irdCheckDigit(base, IRD_PRIMARY_WEIGHTS);
  if (check === 10) {
    check = irdCheckDigit(base, IRD_SECONDARY_WEIGHTS);
  }
  return check !== 10 && check === digits[8];
}

/** True for an Australian GST registration, which is the business's ABN. */
export function isValidAuGstNumber(value: string): boolean {
  return isValidAbn(value);
}

/** New Zealand and Australian postcodes are both four digits (a JSON Schema `pattern`). */
export const POSTCODE_PATTERN = '^[0-9]{4}$';
