/**
 * The stored form a record is written on, for the areas whose records keep the form version they
 * were made on (engagement notices, billing reports): the version a new record starts on, the one a
 * save names, the one a stored record is read back with, and its answers as the API reads them.
 */
import type { FormDefinitionResponse } from '../../../common/api/forms';
import type { FormDefinition } from '../../../common/forms/definition';
import { isRecord } from '../../../common/is-record';
import type { Database } from '../../db/client';
import { AppError, ErrorCode } from '../../errors';
import { findLatestFormDefinition, findStoredFormDefinition } from './registry';
import { validatorsPath } from './validators';

/** A record's answers: an object of answers for each step, by step id. */
export type AnswersByStep = Record<string, Record<string, unknown>>;

/** The stored form version a record was made on, as the API serves it. */
export async function formResponse(db: Database, key: string, version: number): Promise<{ definition: FormDefinition; response: FormDefinitionResponse }> {
  const definition = await findStoredFormDefinition(db, key, version);
  if (!definition) {
    throw new Error(`The ${key} form, version ${String(version)}, is not stored: ensureFormDefinitions has not run`);
  }
  return { definition, response: { ...definition, validators: validatorsPath(definition) } };
}

function formFieldError(field: string, message: string): AppError {
  return new AppError(ErrorCode.BadRequest, message, [{ field, message }]);
}

/** The form version a new record starts on (the newest) or the one asked for; 400 for an unknown one. */
export async function formForSave(db: Database, key: string, form: { key: string; version: number }, subject: string): Promise<FormDefinition> {
  if (form.key !== key) {
    throw formFieldError('form.key', `An ${subject} is made on the ${key} form`);
  }
  const definition = await findStoredFormDefinition(db, key, form.version);
  if (!definition) {
    throw formFieldError('form.version', `No such version of the ${subject} form. Reload the page.`);
  }
  return definition;
}

/** The form a new record is written on: the latest stored version, as the API serves it. */
export async function newRecordForm(db: Database, key: string): Promise<FormDefinitionResponse> {
  const definition = await findLatestFormDefinition(db, key);
  if (!definition) {
    throw new Error(`The ${key} form is not stored: ensureFormDefinitions has not run`);
  }
  return { ...definition, validators: validatorsPath(definition) };
}

/** The answers as the API reads them: objects by step id (anything else stored is left out). */
export function answersOf(data: Record<string, unknown>): AnswersByStep {
  return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1])));
}
