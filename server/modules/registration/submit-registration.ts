/**
 * POST /api/v1/supplier-registration: a visitor's registration of a business (spec §3 "Public
 * registration application"). The flat answers are split into the form's steps and each step is
 * validated against the stored form version with the same schema and rules the wizard runs; a
 * business already registered, or already waiting for the team, is refused with 409.
 */
import { referenceIdWith } from '../../../common/reference-ids';
import type { MailQueue } from '../../mail/mail-queue';
import { registrationReceivedMail, type RegistrationMailContext } from './notify';
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DirectoryTree } from '../../../common/api/directory';
import { REGISTRATION_UPLOAD_FOLDER } from '../../../common/api/uploads';
import type { SubmitRegistrationRequest, SubmitRegistrationResponse } from '../../../common/api/registration';
import { stepFieldKeys, type FieldError, type FormData, type FormDefinition } from '../../../common/forms/definition';
import { REGISTRATION_FORM_KEY, registrationRuleErrors } from '../../../common/registration/rules';
import { REGISTRATION_FORM_STEP_IDS, type RegistrationFormStepId } from '../../../common/registration/steps';
import { BUSINESS_NUMBER_KINDS, compactBusinessNumber } from '../../../common/business-numbers';
import type { AuditLog } from '../../audit';
import type { Database } from '../../db/client';
import { supplierRegistrations, uploadedFiles } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { answersRefused, validateStep } from '../forms/validate';
import { findStoredFormDefinition } from '../forms/registry';
import { getDirectoryTree } from '../directory/service';
import { isBusinessRegistered, type BusinessNumber } from './check-supplier';

export const ALREADY_REGISTERED_MESSAGE =
  'A business with this business number is already registered, or its registration is waiting for the team. If it is yours, ask its admin to invite you, or contact the team.';

/** A registration's reference, as the registrant quotes it: `REG-XXXX-XXXX`. */
export function newRegistrationReference(): string {
  return referenceIdWith('REG', randomInt);
}

function isRegistrationStep(id: string): id is RegistrationFormStepId {
  return (REGISTRATION_FORM_STEP_IDS as readonly string[]).includes(id);
}

/**
 * The answers checked against every step of the form: the answers each step keeps, and every
 * failing field of every step (unknown questions too).
 */
export function validateRegistrationAnswers(definition: FormDefinition, answers: FormData, tree: DirectoryTree): { data: FormData; errors: FieldError[] } {
  const known = new Set(definition.steps.flatMap((step) => stepFieldKeys(step.schema)));
  const errors: FieldError[] = Object.keys(answers)
    .filter((key) => !known.has(key))
    .map((key) => ({ path: [key], message: `${key} is not a question of the registration form` }));
  const data: FormData = {};
  for (const step of definition.steps) {
    const keys = stepFieldKeys(step.schema);
    const stepAnswers = Object.fromEntries(keys.filter((key) => key in answers).map((key) => [key, answers[key]]));
    const stepId = step.id;
    const result = validateStep(step, stepAnswers, (kept) =>
      isRegistrationStep(stepId) ? registrationRuleErrors(stepId, kept, { businessCountry: answers.business_country, tree }) : [],
    );
    errors.push(...result.errors);
    Object.assign(data, result.data);
  }
  return { data, errors };
}

/** The business numbers of the answers, as digits (only those the form kept). */
export function businessNumbersOf(data: FormData): BusinessNumber[] {
  return BUSINESS_NUMBER_KINDS.flatMap((kind) => {
    const value = data[kind];
    return typeof value === 'string' ? [{ kind, digits: compactBusinessNumber(value) }] : [];
  });
}

export interface SubmitDependencies {
  db: Database;
  audit: AuditLog;
  /** Queues the acknowledgement with the registration. */
  mail: MailQueue;
  mailContext: RegistrationMailContext;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function submitRegistration(
  deps: SubmitDependencies,
  requestId: string,
  body: SubmitRegistrationRequest,
): Promise<SubmitRegistrationResponse> {
  const definition = await findStoredFormDefinition(deps.db, REGISTRATION_FORM_KEY, body.formVersion);
  if (!definition) {
    throw new AppError(ErrorCode.BadRequest, 'This registration form has changed since you opened it. Reload the page: your answers are kept.', [
      { field: 'body.formVersion', message: 'is not a version of the registration form' },
    ]);
  }
  const { data, errors } = validateRegistrationAnswers(definition, body.answers, await getDirectoryTree(deps.db));
  if (errors.length > 0) {
    throw answersRefused(errors, 'registration');
  }
  const numbers = businessNumbersOf(data);
  const answers: FormData = { ...data, ...Object.fromEntries(numbers.map((number) => [number.kind, number.digits])) };
  const digitsOf = (kind: BusinessNumber['kind']) => numbers.find((number) => number.kind === kind)?.digits ?? null;
  const statementId = typeof data.financial_statement === 'string' ? data.financial_statement.toLowerCase() : null;

  return deps.db.transaction(async (tx) => {
    for (const number of numbers) {
      if (await isBusinessRegistered(tx, number)) {
        throw new AppError(ErrorCode.Conflict, ALREADY_REGISTERED_MESSAGE, [{ field: number.kind, message: ALREADY_REGISTERED_MESSAGE }]);
      }
    }
    if (statementId !== null) {
      // A registration's file has no supplier yet: it must be one the public upload stored and no registration holds.
      const [file] = await tx
        .select({ id: uploadedFiles.id, claimedBy: supplierRegistrations.id })
        .from(uploadedFiles)
        .leftJoin(supplierRegistrations, eq(supplierRegistrations.financialStatementId, uploadedFiles.id))
        .where(and(eq(uploadedFiles.id, statementId), isNull(uploadedFiles.supplierId), eq(uploadedFiles.folder, REGISTRATION_UPLOAD_FOLDER), ownedBy(uploadedFiles, ANY_SUPPLIER)))
        .limit(1)
        // Held until the registration is stored, so the sweep of unattached uploads (abandoned-uploads.ts) passes it by.
        .for('update', { of: uploadedFiles });
      if (!file || file.claimedBy !== null) {
        throw answersRefused([{ path: ['financial_statement'], message: 'The financial statement was not found: upload it again' }], 'registration');
      }
    }
    const referenceId = newRegistrationReference();
    let inserted: { id: number } | undefined;
    try {
      [inserted] = await tx
        .insert(supplierRegistrations)
        .values({
          referenceId,
          formKey: definition.key,
          formVersion: definition.version,
          answers,
          tradingName: text(data.trading_name),
          nzbn: digitsOf('nzbn'),
          abn: digitsOf('abn'),
          acn: digitsOf('acn'),
          registrantName: text(data.registrant_name),
          registrantEmail: text(data.registrant_email),
          financialStatementId: statementId,
        })
        .returning({ id: supplierRegistrations.id });
    } catch (error) {
      // Two submissions of one business at the same moment: the pending-number index refuses the second.
      if (isUniqueViolation(error)) {
        throw new AppError(ErrorCode.Conflict, ALREADY_REGISTERED_MESSAGE);
      }
      throw error;
    }
    if (!inserted) {
      throw new Error('registration insert returned nothing');
    }
    await deps.audit.record(
      {
        actorUserId: null,
        action: 'registration.submit',
        entity: 'supplier_registration',
        entityId: inserted.id,
        after: { referenceId, formVersion: definition.version, tradingName: answers.trading_name, registrantEmail: answers.registrant_email },
        requestId,
      },
      tx,
    );
    await deps.mail.enqueue(tx, registrationReceivedMail(deps.mailContext, { to: text(data.registrant_email), referenceId }));
    return { referenceId };
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') {
      return true;
    }
  }
  return false;
}
