/**
 * The add/edit user form's checks: the payload schemas of common/api/users.ts decide (one
 * definition of each rule); this file only words their failures for people, and reads the
 * server's answers (400 details, 409) into the same shape.
 */
import { Errors } from 'typebox/schema';
import {
  InviteUserRequestSchema,
  MAX_EMAIL_LENGTH,
  MAX_USER_NAME_LENGTH,
  UpdateUserRequestSchema,
  type InviteUserRequest,
  type UpdateUserRequest,
} from '../../common/api/users';
import { ApiError, UNREACHABLE_MESSAGE } from './api-error';
import { fieldName } from '../../common/forms/definition';
import { saveProblemOf } from './use-save';
import { hiddenCharactersMessage } from '../../common/forms/builders';

export type UserFormField = 'name' | 'email';

export interface UserFormValues {
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Field errors, and problems that belong to no one field (shown in the summary only). */
export interface UserFormErrors {
  fields: Partial<Record<UserFormField, string>>;
  general: string[];
}

export const NO_ERRORS: UserFormErrors = { fields: {}, general: [] };

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || errors.general.length > 0;
}

function describeNameProblem(keyword: string, name: string): string {
  if (keyword === 'maxLength') {
    return `Name must be ${MAX_USER_NAME_LENGTH} characters or fewer`;
  }
  return keyword === 'pattern' && name.trim() !== '' ? hiddenCharactersMessage('Name') : 'Enter the person’s name';
}

function describeEmailProblem(keyword: string, email: string): string {
  if (email === '') {
    return 'Enter an email address';
  }
  return keyword === 'maxLength'
    ? `Email address must be ${MAX_EMAIL_LENGTH} characters or fewer`
    : 'Enter an email address in the correct format, like name@example.com';
}

function fieldOf(path: string): UserFormField | undefined {
  const field = path.replace(/^(body)?[./]/, '');
  return field === 'name' || field === 'email' ? field : undefined;
}

/** What the form sends: the name and address without surrounding spaces. */
export function toInviteRequest(values: UserFormValues): InviteUserRequest {
  return { name: values.name.trim(), email: values.email.trim(), isAdmin: values.isAdmin };
}

export function toUpdateRequest(values: UserFormValues): UpdateUserRequest {
  return { isAdmin: values.isAdmin };
}

/** Checks the form against the schema of the request it will send (the invitation when adding). */
export function validateUserForm(values: UserFormValues, mode: 'add' | 'edit'): UserFormErrors {
  const request = mode === 'add' ? toInviteRequest(values) : toUpdateRequest(values);
  const schema = mode === 'add' ? InviteUserRequestSchema : UpdateUserRequestSchema;
  const fields: UserFormErrors['fields'] = {};
  for (const issue of Errors(schema, request)[1]) {
    const field = fieldOf(issue.instancePath);
    if (field === 'name') {
      fields.name ??= describeNameProblem(issue.keyword, values.name);
    } else if (field === 'email') {
      fields.email ??= describeEmailProblem(issue.keyword, values.email.trim());
    }
  }
  return { fields, general: [] };
}

/** The server's refusal as form errors (read as every save's problem is): 400 details go to their fields, a 409 on adding to the email. */
export function errorsFromServer(error: Error, mode: 'add' | 'edit'): UserFormErrors {
  const problem = saveProblemOf(error, UNREACHABLE_MESSAGE);
  if (problem.kind === 'fields') {
    const fields: UserFormErrors['fields'] = {};
    const general: string[] = [];
    for (const detail of problem.errors) {
      const field = fieldOf(fieldName(detail.path));
      if (field) {
        fields[field] ??= `${field === 'name' ? 'Name' : 'Email address'} ${detail.message}`;
      } else {
        general.push(detail.message);
      }
    }
    return { fields, general };
  }
  if (problem.kind === 'conflict' && mode === 'add') {
    return { fields: { email: problem.message }, general: [] };
  }
  // A refusal the server explained keeps its words, a 5xx included.
  return { fields: {}, general: [error instanceof ApiError ? error.message : problem.message] };
}
