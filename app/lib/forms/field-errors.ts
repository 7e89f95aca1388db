/** Moving field errors between the API's `details`, rjsf's error schema and the error summary. */
import type { ErrorSchema, FormValidation } from '@rjsf/utils';
import { Value } from 'typebox/value';
import { FieldErrorDetailSchema } from '../../../common/api/forms';
import type { FieldError } from '../../../common/forms/definition';
import { ApiError } from '../api-error';

/** rjsf's id of the field at `path` (its default `root` prefix and `_` separator). */
export function fieldId(path: readonly string[]): string {
  return ['root', ...path].join('_');
}

/** The failing fields of a 400 answer (`details: [{ field, message }]`), or none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.body?.details)) {
    return [];
  }
  return (error.body.details as unknown[]).flatMap((detail) =>
    Value.Check(FieldErrorDetailSchema, detail) ? [{ path: detail.field === '' ? [] : detail.field.split('.'), message: detail.message }] : [],
  );
}

type ErrorNode = { __errors?: string[] } & Record<string, unknown>;

/** rjsf's nested error schema for the given errors (its `extraErrors`). */
export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: ErrorNode = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const key of path) {
      node[key] ??= {};
      node = node[key] as ErrorNode;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root as ErrorSchema;
}

/** Adds rule errors to rjsf's validation object (its `customValidate`). */
export function addFieldErrors(validation: FormValidation, errors: readonly FieldError[]): FormValidation {
  for (const { path, message } of errors) {
    let node: unknown = validation;
    for (const key of path) {
      const next: unknown = (node as Record<string, unknown> | undefined)?.[key];
      node = next;
    }
    const target = (node ?? validation) as { addError?: (text: string) => void };
    target.addError?.(message);
  }
  return validation;
}
