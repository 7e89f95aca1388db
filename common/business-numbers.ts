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
