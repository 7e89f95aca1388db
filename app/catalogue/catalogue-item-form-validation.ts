/**
 * The create and rename forms' checks: the request schema of common/api/team-catalogue.ts decides
 * (one definition of each rule); this file only words its failures for people, and reads the
 * server's refusals (400 details, 404, 409) into the same shape.
 */
import { Errors } from 'typebox/schema';
import {
  TeamRenameRequestSchema,
  CATALOGUE_DESCRIPTION_MAX_LENGTH,
  CATALOGUE_TITLE_MAX_LENGTH,
  type TeamRenameRequest,
} from '../../common/api/team-catalogue';
import { hiddenCharactersMessage } from '../../common/forms/builders';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { fieldErrorsOf } from '../lib/forms/field-errors';

export type ItemFormField = 'title' | 'description';

export interface ItemFormValues {
  title: string;
  description: string;
}

/** Field errors, and problems of the whole form (a 409, the server out of reach): the latter in the summary only. */
export interface ItemFormErrors {
  fields: Partial<Record<ItemFormField, string>>;
  general: string[];
}

export const NO_ERRORS: ItemFormErrors = { fields: {}, general: [] };

export function hasErrors(errors: ItemFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || errors.general.length > 0;
}

/** What the form sends: both fields trimmed (the server trims too); an empty description clears it. */
export function toItemRequest(values: ItemFormValues): TeamRenameRequest {
  return { title: values.title.trim(), description: values.description.trim() };
}

function describeProblem(field: ItemFormField, keyword: string, values: ItemFormValues, noun: string): string {
  if (field === 'title') {
    if (values.title.trim() === '') {
      return `Enter the ${noun}’s title`;
    }
    return keyword === 'maxLength' ? `The title must be ${String(CATALOGUE_TITLE_MAX_LENGTH)} characters or fewer` : hiddenCharactersMessage('The title');
  }
  return keyword === 'maxLength'
    ? `The description must be ${CATALOGUE_DESCRIPTION_MAX_LENGTH.toLocaleString('en-NZ')} characters or fewer`
    : hiddenCharactersMessage('The description');
}

function fieldOf(path: string): ItemFormField | undefined {
  const field = path.replace(/^(body)?[./]/, '');
  return field === 'title' || field === 'description' ? field : undefined;
}

/** Checks the values against the request schema (the create requests add only the parent's id to it). */
export function validateItemForm(values: ItemFormValues, noun: string): ItemFormErrors {
  const fields: ItemFormErrors['fields'] = {};
  for (const issue of Errors(TeamRenameRequestSchema, toItemRequest(values))[1]) {
    const field = fieldOf(issue.instancePath);
    if (field !== undefined) {
      fields[field] ??= describeProblem(field, issue.keyword, values, noun);
    }
  }
  return { fields, general: [] };
}

/**
 * A refusal as the form shows it: a 400's failing fields by their inputs (worded as the form words
 * them), a 404 or 409 (the parent retired or gone) and any other failure in the summary.
 */
export function errorsFromServer(error: unknown, values: ItemFormValues, noun: string): ItemFormErrors {
  const fields: ItemFormErrors['fields'] = {};
  const general: string[] = [];
  for (const problem of fieldErrorsOf(error)) {
    const field = fieldOf(problem.path.join('.'));
    if (field === undefined) {
      general.push(problem.message);
    } else {
      fields[field] ??= validateItemForm(values, noun).fields[field] ?? `Check the ${field}: ${problem.message}`;
    }
  }
  if (Object.keys(fields).length === 0 && general.length === 0) {
    general.push(error instanceof ApiError && error.status < 500 ? error.message : `Your changes were not saved. ${describeApiFailure(error)}`);
  }
  return { fields, general };
}
