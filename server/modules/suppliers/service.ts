/**
 * Supplier details (spec §3, issue 4): reading the active supplier's answers and saving changed
 * steps of the supplier details form. Names, business numbers and the public profile's description
 * and contact details live in columns (the directory and the public profile read them); every
 * other answer lives in `suppliers.details`. A change of legal name, NZBN, ABN or ACN is not saved
 * but waits for the team's review (./detail-changes.ts, issue 29 item 4); the rest saves at once.
 */
import { and, eq } from 'drizzle-orm';
import type { SupplierDetails } from '../../../common/api/supplier-details';
import { stepFieldKeys, type FieldError, type FormData } from '../../../common/forms/definition';
import {
  SUPPLIER_DETAILS_STEP_IDS,
  supplierDetailsForm,
  type SupplierDetailsStepId,
} from '../../../common/supplier-details/form';
import { applyInsuranceChange, withOtherInsuranceListed } from '../../../common/supplier-details/insurance';
import { BUSINESS_NUMBER_KINDS, compactBusinessNumber } from '../../../common/business-numbers';
import { REVIEWED_SUPPLIER_FIELDS, isReviewedSupplierField } from '../../../common/api/supplier-detail-changes';
import { isRecord } from '../../../common/is-record';
import { supplierDetailsRuleErrors } from '../../../common/supplier-details/rules';
import type { AuditLog } from '../../audit';
import type { SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { nextLastEdited } from '../../db/last-edited';
import { catalogues, suppliers, uploadedFiles } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { answersRefused, validateStep } from '../forms/validate';
import { findPendingChange, requestedChangeErrors, requestedChangeOf, storeRequestedChange } from './detail-changes';

const SUPPLIER_DETAILS_CHANGED =
  'Someone else saved these supplier details after you opened them. Reload the page to see their changes, then make yours again.';

/** Answers kept in columns of `suppliers` (the directory and the public profile read them): each form key's column. */
const COLUMN_OF_FIELD = {
  trading_name: 'tradingName',
  legal_name: 'legalName',
  nzbn: 'nzbn',
  abn: 'abn',
  description: 'summary',
  contact_email: 'email',
  contact_phone: 'phone',
  website: 'website',
} as const satisfies Record<string, keyof SupplierRow>;
type ColumnField = keyof typeof COLUMN_OF_FIELD;
const COLUMN_FIELDS = Object.keys(COLUMN_OF_FIELD) as ColumnField[];
const BUSINESS_NUMBER_FIELDS = new Set<string>([...BUSINESS_NUMBER_KINDS, 'gst_number']);

/** Which step owns each answer. */
const stepOfField = new Map<string, SupplierDetailsStepId>(
  SUPPLIER_DETAILS_STEP_IDS.flatMap((stepId) => stepFieldKeys(stepDefinition(stepId).schema).map((key) => [key, stepId] as const)),
);

function stepDefinition(stepId: SupplierDetailsStepId) {
  const step = supplierDetailsForm.steps.find((candidate) => candidate.id === stepId);
  if (!step) {
    throw new Error(`The supplier details form has no "${stepId}" step`);
  }
  return step;
}

type SupplierRow = typeof suppliers.$inferSelect;

/** All answers of a supplier, as the form holds them. */
function answersOf(row: SupplierRow): FormData {
  const answers: FormData = withOtherInsuranceListed({ ...row.details });
  for (const field of COLUMN_FIELDS) {
    const value = row[COLUMN_OF_FIELD[field]];
    if (value !== null && value !== '') {
      answers[field] = value;
    }
  }
  return answers;
}

async function loadSupplier(db: Database, supplierId: number, forUpdate = false): Promise<SupplierRow> {
  const query = db.select().from(suppliers).where(eq(suppliers.id, supplierId));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, 'No such supplier.');
  }
  return row;
}

async function describe(db: Database, row: SupplierRow): Promise<SupplierDetails> {
  const answers = answersOf(row);
  const [catalogue] = row.initialCatalogueId
    ? await db.select({ title: catalogues.title }).from(catalogues).where(eq(catalogues.id, row.initialCatalogueId))
    : [];
  const statementId = typeof answers.financial_statement === 'string' ? answers.financial_statement : null;
  const [statement] = statementId
    ? await db
        .select({ fileName: uploadedFiles.fileName })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.id, statementId), ownedBy(uploadedFiles, row.id)))
    : [];
  return {
    ...answers,
    id: row.id,
    trading_name: row.tradingName,
    legal_name: row.legalName,
    initial_catalogue: row.initialCatalogueId,
    initial_catalogue_label: catalogue?.title ?? null,
    financial_statement_name: statement?.fileName ?? null,
    last_edited: row.updatedAt.toISOString(),
    pending_change: await findPendingChange(db, row.id),
  };
}

/** GET /user/details: the active supplier's details. */
export async function getSupplierDetails(db: Database, supplierId: number): Promise<SupplierDetails> {
  return describe(db, await loadSupplier(db, supplierId));
}

function badRequest(errors: FieldError[]): AppError {
  return answersRefused(errors, 'supplier details');
}

/** The steps a change touches; an answer no step holds is refused. */
function touchedSteps(changes: FormData): SupplierDetailsStepId[] {
  const unknown = Object.keys(changes).filter((key) => !stepOfField.has(key));
  if (unknown.length > 0) {
    throw badRequest(unknown.map((key) => ({ path: [key], message: `${key} is not a supplier details field` })));
  }
  return SUPPLIER_DETAILS_STEP_IDS.filter((stepId) => Object.keys(changes).some((key) => stepOfField.get(key) === stepId));
}

async function checkFinancialStatement(db: Database, supplierId: number, fileId: unknown): Promise<FieldError[]> {
  if (typeof fileId !== 'string') {
    return [];
  }
  const [file] = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId), ownedBy(uploadedFiles, supplierId)));
  return file ? [] : [{ path: ['financial_statement'], message: 'The financial statement was not found: upload it again' }];
}

/** A supplier's columns the supplier details answers fill (blank answers are null), and `details` for the rest. */
export type SupplierColumns = Record<(typeof COLUMN_OF_FIELD)[ColumnField] | 'city' | 'state' | 'country', string | null> & { details: FormData };

/**
 * Supplier details answers as a supplier row keeps them: the answers of COLUMN_OF_FIELD and the
 * registered address's place in columns, the rest in `details`. Saving the details and approving a
 * registration (which answers the same questions) both write a supplier through it.
 */
export function supplierColumnsOf(answers: FormData): SupplierColumns {
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  const address = isRecord(answers.registered_address) ? answers.registered_address : {};
  const columns = Object.fromEntries(COLUMN_FIELDS.map((field) => [COLUMN_OF_FIELD[field], text(answers[field])])) as Record<
    (typeof COLUMN_OF_FIELD)[ColumnField],
    string | null
  >;
  return {
    ...columns,
    city: text(address.city),
    state: text(address.state),
    country: text(address.country),
    details: Object.fromEntries(Object.entries(answers).filter(([key]) => !Object.hasOwn(COLUMN_OF_FIELD, key))),
  };
}

function withCompactNumbers(data: FormData): FormData {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      BUSINESS_NUMBER_FIELDS.has(key) && typeof value === 'string' ? compactBusinessNumber(value) : value,
    ]),
  );
}

/**
 * PUT /supplier-registration: saves the changed answers. Each step the change touches is validated
 * whole (its saved answers with the changes applied); insurance is changed by the rule of
 * common/supplier-details/insurance.ts (types not named keep their cover, other types go to
 * `other_insurance`). `lastEdited` must be the one the person loaded, or the save is refused with
 * 409 and nothing changes.
 */
export async function updateSupplierDetails(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  lastEdited: string,
  changes: FormData,
): Promise<SupplierDetails> {
  const stepIds = touchedSteps(changes);
  if (stepIds.length === 0) {
    throw badRequest([{ path: [], message: 'Send at least one supplier details field to change' }]);
  }
  return db.transaction(async (tx) => {
    const row = await loadSupplier(tx, actor.supplierId, true);
    if (row.updatedAt.toISOString() !== lastEdited) {
      throw new AppError(ErrorCode.Conflict, SUPPLIER_DETAILS_CHANGED);
    }
    const saved = answersOf(row);
    // The touched steps' answers are replaced whole by what validation keeps (hidden answers go).
    const touchedKeys = new Set(stepIds.flatMap((stepId) => stepFieldKeys(stepDefinition(stepId).schema)));
    const next: FormData = Object.fromEntries(Object.entries(saved).filter(([key]) => !touchedKeys.has(key)));
    const insurance = applyInsuranceChange(saved, changes);
    const given = insurance.changes;
    const errors: FieldError[] = [...insurance.errors];
    for (const stepId of stepIds) {
      const step = stepDefinition(stepId);
      const keys = stepFieldKeys(step.schema);
      const merged = Object.fromEntries(keys.map((key) => [key, key in given ? given[key] : saved[key]]));
      const result = validateStep(step, merged, (data) => supplierDetailsRuleErrors(stepId, data));
      errors.push(...result.errors);
      Object.assign(next, withCompactNumbers(result.data));
    }
    if (stepIds.includes('financial-viability')) {
      errors.push(...(await checkFinancialStatement(tx, actor.supplierId, next.financial_statement)));
    }
    // The legal name and business numbers keep their approved values; a change of them waits for review.
    const requested = requestedChangeOf(saved, next);
    if (errors.length === 0) {
      errors.push(...(await requestedChangeErrors(tx, actor.supplierId, requested)));
    }
    if (errors.length > 0) {
      throw badRequest(errors);
    }
    const stored: FormData = {
      ...Object.fromEntries(Object.entries(next).filter(([key]) => !isReviewedSupplierField(key))),
      ...Object.fromEntries(REVIEWED_SUPPLIER_FIELDS.filter((field) => saved[field] !== undefined).map((field) => [field, saved[field]])),
    };

    const columns = supplierColumnsOf(stored);
    const [updated] = await tx
      .update(suppliers)
      .set({
        ...columns,
        tradingName: columns.tradingName ?? row.tradingName,
        legalName: columns.legalName ?? row.legalName,
        city: columns.city ?? row.city,
        country: columns.country ?? row.country,
        updatedAt: nextLastEdited(row.updatedAt),
      })
      .where(eq(suppliers.id, actor.supplierId))
      .returning();
    if (!updated) {
      throw new AppError(ErrorCode.NotFound, 'No such supplier.');
    }

    const changedKeys = [...new Set([...Object.keys(saved), ...Object.keys(stored)])].filter(
      (key) => JSON.stringify(saved[key]) !== JSON.stringify(stored[key]),
    );
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'supplier.update-details',
        entity: 'supplier',
        entityId: actor.supplierId,
        supplierId: actor.supplierId,
        before: Object.fromEntries(changedKeys.map((key) => [key, saved[key] ?? null])),
        after: Object.fromEntries(changedKeys.map((key) => [key, stored[key] ?? null])),
        requestId: actor.requestId,
      },
      tx,
    );
    await storeRequestedChange(tx, audit, actor, requested, badRequest);
    return describe(tx, updated);
  });
}
