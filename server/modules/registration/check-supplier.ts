/**
 * Whether a business is already registered, by its business number: the public registration
 * wizard asks before a visitor fills in the rest (spec §7 GET /api/v1/check-supplier). The
 * number is checked (format and check digit) before any query, and the answer says nothing
 * about the supplier it found.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  BUSINESS_NUMBER_KINDS,
  BUSINESS_NUMBER_MESSAGES,
  compactBusinessNumber,
  isValidBusinessNumber,
  type BusinessNumberKind,
} from '../../../common/business-numbers';
import type { CheckSupplierQuery } from '../../../common/api/registration';
import type { Database } from '../../db/client';
import { supplierRegistrations, suppliers } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';

export interface BusinessNumber {
  kind: BusinessNumberKind;
  /** Digits only, as supplier records keep them. */
  digits: string;
}

/** The one business number of the query, checked; 400 naming the field otherwise. Touches no database. */
export function readBusinessNumber(query: CheckSupplierQuery): BusinessNumber {
  const given = BUSINESS_NUMBER_KINDS.filter((kind) => query[kind] !== undefined);
  const [kind] = given;
  if (kind === undefined || given.length > 1) {
    throw new AppError(ErrorCode.BadRequest, 'Give one business number: nzbn, abn or acn.', [
      { field: `querystring.${kind === undefined ? 'nzbn' : (given[1] ?? kind)}`, message: 'Give exactly one of nzbn, abn or acn.' },
    ]);
  }
  const value = query[kind] ?? '';
  // Spaces and hyphens as printed are allowed: the check and the stored digits leave them out.
  if (!isValidBusinessNumber(kind, value)) {
    throw new AppError(ErrorCode.BadRequest, 'The business number is not valid.', [{ field: `querystring.${kind}`, message: BUSINESS_NUMBER_MESSAGES[kind] }]);
  }
  return { kind, digits: compactBusinessNumber(value) };
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
