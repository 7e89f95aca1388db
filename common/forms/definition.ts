/**
 * Form definitions are data (ARCHITECTURE.md "forms"): `{ key, version, steps }`, each step a JSON
 * Schema with an rjsf uiSchema. The apps render a step with rjsf; the server validates every save
 * against the same step schema with the same messages (`./messages.ts`), plus the form's own
 * business rules (check digits and the like) written once in `common/`.
 */
import { isRecord } from '../is-record';

/** A JSON Schema (draft 7, as rjsf and ajv 8 read it). Typed loosely: definitions are data. */
export type JsonSchema = Record<string, unknown>;
/** An rjsf uiSchema. */
export type UiSchema = Record<string, unknown>;

export interface FormStep {
  /** Also the step's path segment in the app. */
  id: string;
  title: string;
  description?: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
}

export interface FormDefinition {
  key: string;
  version: number;
  steps: FormStep[];
}

/** One failing field: `path` is the property path in the form data, e.g. ['registered_address', 'postcode']. */
export interface FieldError {
  path: string[];
  message: string;
}

/** The dotted field name the API reports in `details[].field`, e.g. `registered_address.postcode`. */
export function fieldName(path: readonly string[]): string {
  return path.join('.');
}

/** Form data as rjsf keeps it: plain JSON values. */
export type FormData = Record<string, unknown>;

/**
 * What a person typed, as the form engine stores it: strings trimmed, empty strings and empty
 * objects dropped (rjsf leaves a cleared field undefined; an API caller may send ""), so
 * "required" means the same on both sides.
 */
export function normaliseFormData(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (Array.isArray(value)) {
    return value.map(normaliseFormData).filter((item) => item !== undefined);
  }
  if (isRecord(value)) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, normaliseFormData(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value === null ? undefined : value;
}

/** The keys a step's schema can hold at its top level, including those its conditions add. */
export function stepFieldKeys(schema: JsonSchema): string[] {
  const keys = new Set(Object.keys(propertiesOf(schema)));
  for (const branch of conditionalBranches(schema)) {
    for (const key of Object.keys(propertiesOf(branch))) {
      keys.add(key);
    }
  }
  return [...keys];
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  return isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
}

/** The `then`/`else` schemas of a schema's `allOf` conditions (how a step shows a field only when needed). */
function conditionalBranches(schema: JsonSchema): JsonSchema[] {
  const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
  return allOf.flatMap((part: unknown) =>
    isRecord(part) ? [part.then, part.else].filter((branch): branch is JsonSchema => isRecord(branch)) : [],
  );
}

/** The schema of the field at `path`, looking through conditional branches; undefined when none. */
export function fieldSchemaAt(schema: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const key of path) {
    if (!current) {
      return undefined;
    }
    if (/^\d+$/.test(key) && isRecord(current.items)) {
      current = current.items;
      continue;
    }
    const candidates: JsonSchema[] = [current, ...conditionalBranches(current)];
    const found: unknown = candidates.map((candidate) => propertiesOf(candidate)[key]).find(isRecord);
    current = isRecord(found) ? found : undefined;
  }
  return current;
}

/**
 * The step with its field order written into the uiSchema (`ui:order` on every object): stored as
 * JSON in PostgreSQL (jsonb), a schema's `properties` come back in the database's own key order,
 * so the order people see must not depend on it. A field that a condition shows comes right after
 * the field the condition asks about.
 */
export function withFieldOrder(step: FormStep): FormStep {
  return { ...step, uiSchema: orderedUi(step.schema, step.uiSchema) };
}

function fieldOrder(schema: JsonSchema): string[] {
  const order = Object.keys(propertiesOf(schema));
  const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const part of allOf) {
    if (!isRecord(part)) {
      continue;
    }
    const asked = Object.keys(propertiesOf(part.if));
    const anchor = asked.length === 1 ? order.indexOf(asked[0] ?? '') : -1;
    const shown = [part.then, part.else].flatMap((branch) => Object.keys(propertiesOf(branch))).filter((key) => !order.includes(key));
    order.splice(anchor >= 0 ? anchor + 1 : order.length, 0, ...shown);
  }
  return order;
}

function orderedUi(schema: JsonSchema, ui: UiSchema): UiSchema {
  if (isRecord(schema.items)) {
    const itemsUi = isRecord(ui.items) ? ui.items : {};
    return { ...ui, items: orderedUi(schema.items, itemsUi) };
  }
  const properties = propertiesOf(schema);
  if (Object.keys(properties).length === 0) {
    return ui;
  }
  const result: UiSchema = { ...ui };
  if (!Array.isArray(result['ui:order'])) {
    result['ui:order'] = [...fieldOrder(schema), '*'];
  }
  const branches = conditionalBranches(schema).map(propertiesOf);
  for (const [key, child] of [...Object.entries(properties), ...branches.flatMap((branch) => Object.entries(branch))]) {
    if (isRecord(child)) {
      const childUi = isRecord(ui[key]) ? ui[key] : {};
      const ordered = orderedUi(child, childUi);
      if (Object.keys(ordered).length > 0) {
        result[key] = ordered;
      }
    }
  }
  return result;
}
