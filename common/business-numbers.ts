/**
 * New Zealand and Australian business numbers, the one module the server and the apps share for
 * them: their check digits (ignoring spaces: people often write "51 824 753 556"; never throwing),
 * what a form says when one fails, how they are stored, and how people read them.
 */
import type { FieldError } from './forms/definition';

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

/** The business numbers a supplier or a registration gives, by their answers' names. */
export const BUSINESS_NUMBER_KINDS = ['nzbn', 'abn', 'acn'] as const;

export type BusinessNumberKind = (typeof BUSINESS_NUMBER_KINDS)[number];

const IS_VALID: Readonly<Record<BusinessNumberKind, (value: string) => boolean>> = { nzbn: isValidNzbn, abn: isValidAbn, acn: isValidAcn };

/** True when the number, as people type it (with spaces or hyphens), passes the check digits of its kind. */
export function isValidBusinessNumber(kind: BusinessNumberKind, value: string): boolean {
  return IS_VALID[kind](compactBusinessNumber(value));
}

/** What the registration, the supplier details and GET /check-supplier say of a number failing its check digits. */
export const BUSINESS_NUMBER_MESSAGES: Readonly<Record<BusinessNumberKind, string>> = {
  nzbn: 'Enter a valid NZBN: 13 digits starting 94, as shown on the NZBN register',
  abn: 'Enter a valid ABN: 11 digits, as shown on the Australian Business Register',
  acn: 'Enter a valid ACN: 9 digits, as shown on the ASIC register',
};

/**
 * What a form says of a business number that fails its check digits (the registration and the
 * supplier details alike), at the answer's path; undefined for a valid one.
 */
export function businessNumberError(kind: BusinessNumberKind, value: string): FieldError | undefined {
  return isValidBusinessNumber(kind, value) ? undefined : { path: [kind], message: BUSINESS_NUMBER_MESSAGES[kind] };
}

/** Business numbers are stored without the spaces and hyphens people type. */
export function compactBusinessNumber(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

function grouped(digits: string, sizes: readonly number[]): string {
  const compact = digits.replace(/[\s-]/g, '');
  if (compact.length !== sizes.reduce((sum, size) => sum + size, 0)) {
    return digits;
  }
  const groups: string[] = [];
  let start = 0;
  for (const size of sizes) {
    groups.push(compact.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
}

/**
 * Each number given, named, as people read it: an NZBN as its 13 digits, an ABN in groups of 2, 3,
 * 3 and 3, an ACN in threes: ['NZBN 9429041234566'], ['ABN 51 824 753 556', 'ACN 004 085 616'].
 */
export function businessNumbers(numbers: Readonly<Record<BusinessNumberKind, string | null>>): string[] {
  return [
    ...(numbers.nzbn ? [`NZBN ${numbers.nzbn.replace(/[\s-]/g, '')}`] : []),
    ...(numbers.abn ? [`ABN ${grouped(numbers.abn, [2, 3, 3, 3])}`] : []),
    ...(numbers.acn ? [`ACN ${grouped(numbers.acn, [3, 3, 3])}`] : []),
  ];
}

/** New Zealand and Australian postcodes are both four digits (a JSON Schema `pattern`). */
export const POSTCODE_PATTERN = '^[0-9]{4}$';
