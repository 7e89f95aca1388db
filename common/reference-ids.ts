/**
 * The references people quote to the team (`MP-XXXX-XXXX` for an application, `REG-XXXX-XXXX` for
 * a registration): two groups of four characters of Crockford's base 32, without I, L, O or U, so a
 * reference read aloud or retyped stays right.
 */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `${prefix}-XXXX-XXXX`, each character chosen by `pick(n)`, an integer from 0 to n - 1 (random, or seeded for demo data). */
export function referenceIdWith(prefix: string, pick: (below: number) => number): string {
  const group = () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET.charAt(pick(REFERENCE_ALPHABET.length))).join('');
  return `${prefix}-${group()}-${group()}`;
}
