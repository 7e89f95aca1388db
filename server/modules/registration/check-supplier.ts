/**
 * Whether a business is already registered, by its business number: the public registration
 * wizard asks before a visitor fills in the rest (spec §7 GET /api/v1/check-supplier). The
 * number is checked (format and check digit) before any query, and the answer says nothing
 * about the supplier it found.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isValidAbn, isValidAcn, isValidNzbn } from '../../../common/business-numbers';
import type { CheckSupplierQuery } from '../../../common/api/registration';
import { compactBusinessNumber } from '../../../common/supplier-details/rules';
import type { Database } from '../../db/client';
import { supplierRegistrations, suppliers } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';

export type BusinessNumberKind = 'nzbn' | 'abn' | 'acn';

export interface BusinessNumber {
  kind: BusinessNumberKind;
  /** Digits only, as supplier records keep them. */
  digits: string;
}

const rules: Record<BusinessNumberKind, { isValid: (value: string) => boolean; message: string }> = {
  nzbn: { isValid: isValidNzbn, message: 'Enter a valid NZBN: 13 digits starting with 94. Check the number, its last digit is a check digit.' },
  abn: { isValid: isValidAbn, message: 'Enter a valid ABN: 11 digits. Check the number, its first two digits are check digits.' },
  acn: { isValid: isValidAcn, message: 'Enter a valid ACN: 9 digits. Check the number, its last digit is a check digit.' },
};

const KINDS = Object.keys(rules) as BusinessNumberKind[];

/** The one business number of the query, checked; 400 naming the field otherwise. Touches no database. */
export function readBusinessNumber(query: CheckSupplierQuery): BusinessNumber {
  const given = KINDS.filter((kind) => query[kind] !== undefined);
  const [kind] = given;
  if (kind === undefined || given.length > 1) {
    throw new AppError(ErrorCode.BadRequest, 'Give one business number: nzbn, abn or acn.', [
      { field: `querystring.${kind === undefined ? 'nzbn' : (given[1] ?? kind)}`, message: 'Give exactly one of nzbn, abn or acn.' },
    ]);
  }
  const value = query[kind] ?? '';
  // The rules allow spaces; hyphens as printed are allowed too, as the supplier details form does.
  const digits = compactBusinessNumber(value);
  if (!rules[kind].isValid(digits)) {
    throw new AppError(ErrorCode.BadRequest, 'The business number is not valid.', [{ field: `querystring.${kind}`, message: rules[kind].message }]);
  }
  return { kind, digits };
}

/**
 * True when a supplier (any status) holds this business number, or a registration of it waits for
 * the team: either way the business cannot register again. ACNs live in the details answers.
 */
export async function isBusinessRegistered(db: Database, number: BusinessNumber): Promise<boolean> {
  const condition =
    number.kind === 'nzbn'
      ? eq(suppliers.nzbn, number.digits)
      : number.kind === 'abn'
        ? eq(suppliers.abn, number.digits)
        : sql`${suppliers.details}->>'acn' = ${number.digits}`;
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(condition).limit(1);
  if (rows.length > 0) {
    return true;
  }
  const pending = await db
    .select({ id: supplierRegistrations.id })
    .from(supplierRegistrations)
    .where(and(eq(supplierRegistrations.status, 'pending'), eq(supplierRegistrations[number.kind], number.digits)))
    .limit(1);
  return pending.length > 0;
}
