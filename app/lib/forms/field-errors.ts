/** Moving field errors between the API's `details`, rjsf's error schema and the error summary. */
import type { ErrorSchema, FormValidation } from '@rjsf/utils';
import { Check } from 'typebox/schema';
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
    Check(FieldErrorDetailSchema, detail) ? [{ path: detail.field === '' ? [] : detail.field.split('.'), message: detail.message }] : [],
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

function orderOf(ui: unknown): string[] {
  const order = typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>)['ui:order'] : undefined;
  return Array.isArray(order) ? order.filter((key): key is string => typeof key === 'string') : [];
}

function childUi(ui: unknown, key: string): unknown {
  if (typeof ui !== 'object' || ui === null) {
    return undefined;
  }
  const record = ui as Record<string, unknown>;
  return /^\d+$/.test(key) ? record.items : record[key];
}

/** Where a field comes on the page at one level: array items by index, fields by `ui:order` (unlisted ones at its `*`). */
function rank(ui: unknown, key: string): number {
  if (/^\d+$/.test(key)) {
    return Number(key);
  }
  const order = orderOf(ui);
  const index = order.indexOf(key);
  if (index >= 0) {
    return index;
  }
  const rest = order.indexOf('*');
  return rest >= 0 ? rest : order.length;
}

/**
 * The errors in the order their fields come on the page (the step's `ui:order`, all the way down),
 * the form's own errors (no field) first; the same field's errors keep their order.
 */
export function inPageOrder<T extends { path: readonly string[] }>(errors: readonly T[], uiSchema: unknown): T[] {
  const compare = (a: readonly string[], b: readonly string[], ui: unknown): number => {
    const [headA, ...restA] = a;
    const [headB, ...restB] = b;
    if (headA === undefined || headB === undefined) {
      return (headA === undefined ? 0 : 1) - (headB === undefined ? 0 : 1);
    }
    if (headA !== headB) {
      return rank(ui, headA) - rank(ui, headB);
    }
    return compare(restA, restB, childUi(ui, headA));
  };
  return errors
    .map((error, index) => ({ error, index }))
    .sort((x, y) => compare(x.error.path, y.error.path, uiSchema) || x.index - y.index)
    .map(({ error }) => error);
}
