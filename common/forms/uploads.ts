/**
 * File answers of a form: a field whose uiSchema says `'ui:widget': 'upload'` holds the id of an
 * uploaded file. Found one way, by walking the uiSchema, for the server (which checks the files are
 * the supplier's and names them) and the browser (which learns the names after a save).
 */
import type { FormStep } from './definition';

/** The rjsf widget name of a file answer (the form engine registers its upload widget under it). */
export const UPLOAD_WIDGET = 'upload';

/** A path segment meaning "each item of this list" (rjsf's uiSchema names a list's items `items`). */
export const EACH_ITEM = '[]';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether the uiSchema of one field draws it as a file upload. */
export function isUploadField(uiSchema: unknown): boolean {
  return isRecord(uiSchema) && uiSchema['ui:widget'] === UPLOAD_WIDGET;
}

function walk(uiSchema: unknown, path: string[]): string[][] {
  if (!isRecord(uiSchema)) {
    return [];
  }
  if (isUploadField(uiSchema)) {
    return [path];
  }
  return Object.entries(uiSchema)
    .filter(([key]) => !key.startsWith('ui:'))
    .flatMap(([key, child]) => walk(child, [...path, key === 'items' ? EACH_ITEM : key]));
}

/**
 * The paths of a step's (or every step of a definition's) upload fields, e.g.
 * `[['capability_document'], ['case_studies', '[]', 'evidence']]`; a definition's paths start with the step id.
 */
export function uploadFields(source: Pick<FormStep, 'uiSchema'> | { steps: readonly Pick<FormStep, 'id' | 'uiSchema'>[] }): string[][] {
  if ('steps' in source) {
    return source.steps.flatMap((step) => walk(step.uiSchema, []).map((path) => [step.id, ...path]));
  }
  return walk(source.uiSchema, []);
}

/** One file answer: where it is in the answers (list items by index) and the file id it holds. */
export interface UploadAnswer {
  path: string[];
  fileId: string;
}

function answersAt(value: unknown, fieldPath: readonly string[], path: string[]): UploadAnswer[] {
  const [segment, ...rest] = fieldPath;
  if (segment === undefined) {
    return typeof value === 'string' ? [{ path, fileId: value }] : [];
  }
  if (segment === EACH_ITEM) {
    return Array.isArray(value) ? value.flatMap((item, index) => answersAt(item, rest, [...path, String(index)])) : [];
  }
  return isRecord(value) ? answersAt(value[segment], rest, [...path, segment]) : [];
}

/** The file answers among one step's answers, each with its path in them. */
export function uploadAnswers(step: Pick<FormStep, 'uiSchema'>, answers: unknown): UploadAnswer[] {
  return uploadFields(step).flatMap((field) => answersAt(answers, field, []));
}
