/**
 * The API reference as people read it (issue 33): the OpenAPI document the server publishes, turned
 * into areas of operations, each with the fields it takes and answers in plain words. The pages
 * (`reference-pages.tsx`) draw it on the server, so the reference needs no script of its own.
 */
import { ApiArea } from './openapi-document';

/** The part of JSON Schema the document's schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  nullable?: boolean;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaTypes {
  content?: Record<string, { schema?: JsonSchema }>;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  responses?: Record<string, MediaTypes & { description?: string }>;
}

export interface OpenapiDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** One field a request takes or an answer gives: its place in the body (`results[].title`), type in words, whether required. */
export interface Field {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface ParameterView extends Field {
  /** Where it goes: path, query or header. */
  location: string;
}

export interface AnswerView {
  status: string;
  description: string;
  /** The media type, when not JSON (a CSV, a file). */
  mediaType?: string;
  fields: Field[];
}

export interface OperationView {
  method: string;
  path: string;
  summary: string;
  description?: string;
  signedIn: boolean;
  parameters: ParameterView[];
  body?: { mediaType: string; fields: Field[] };
  answers: AnswerView[];
}

export interface AreaView {
  name: string;
  /** Its page's address below the reference: `team`, `open-data`. */
  slug: string;
  description: string;
  operations: OperationView[];
}

const JSON_TYPE = 'application/json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Nested objects are described this deep; past it a field says only that it is an object. */
const MAX_DEPTH = 4;
/** Allowed values listed at most; past it the field says how many there are. */
const MAX_LISTED_VALUES = 12;

export const areaSlug = (area: string) => area.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'whole number',
  number: 'number',
  boolean: 'true or false',
  object: 'object',
  array: 'list',
  null: 'null',
};

function valuesInWords(values: readonly unknown[]): string {
  const shown = values.filter((value) => value !== null).map((value) => JSON.stringify(value));
  if (shown.length > MAX_LISTED_VALUES) {
    return `one of ${String(shown.length)} values`;
  }
  return `one of ${shown.join(', ')}`;
}

/** A schema's type in words: `text`, `list of objects`, `whole number or text`, `one of "draft", "sent"`. */
export function typeInWords(schema: JsonSchema): string {
  if (schema.const !== undefined) {
    return `always ${JSON.stringify(schema.const)}`;
  }
  if (schema.enum && !(schema.enum.length === 1 && schema.enum[0] === null)) {
    return valuesInWords(schema.enum);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const words = [...new Set(alternatives.map((alternative) => (alternative.enum?.length === 1 && alternative.enum[0] === null ? 'null' : typeInWords(alternative))))];
    return words.join(' or ');
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'any')]).map((type) =>
    type === 'array' ? `list of ${plural(typeInWords(schema.items ?? {}))}` : (TYPE_WORDS[type] ?? 'any value'),
  );
  const words = [...new Set(types)].join(' or ');
  const format = schema.format ? ` (${schema.format})` : '';
  return `${words}${format}${schema.nullable === true ? ' or null' : ''}`;
}

function plural(words: string): string {
  if (words === 'any value') {
    return 'values';
  }
  if (words === 'text') {
    return 'texts';
  }
  return words.startsWith('one of') || words.includes(' or ') ? `values (${words})` : `${words}s`;
}

/** The object a field describes inside it, if any: its own properties, or its list's items'. */
function objectInside(schema: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  if (schema.properties) {
    return { schema, suffix: '' };
  }
  if (schema.items) {
    const inner = objectInside(schema.items);
    return inner && { schema: inner.schema, suffix: `[]${inner.suffix}` };
  }
  const alternative = (schema.anyOf ?? schema.oneOf)?.find((candidate) => objectInside(candidate) !== null);
  return alternative ? objectInside(alternative) : null;
}

/** Every field of an object schema, nested ones named by their path (`results[].title`), in the schema's order. */
export function fieldsOf(schema: JsonSchema | undefined, prefix = '', depth = 0): Field[] {
  if (!schema?.properties) {
    return [];
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const field: Field = { name, type: typeInWords(property), required: required.has(key), ...(property.description ? { description: property.description } : {}) };
    const inside = depth < MAX_DEPTH ? objectInside(property) : null;
    return [field, ...(inside ? fieldsOf(inside.schema, `${name}${inside.suffix}.`, depth + 1) : [])];
  });
}

function mediaOf(media: MediaTypes | undefined): { mediaType: string; schema?: JsonSchema } | null {
  const entries = Object.entries(media?.content ?? {});
  const [chosen] = entries.filter(([type]) => type === JSON_TYPE).concat(entries);
  return chosen ? { mediaType: chosen[0], ...(chosen[1].schema ? { schema: chosen[1].schema } : {}) } : null;
}

/** Fastify's placeholder for an answer nobody described. */
const DEFAULT_DESCRIPTION = 'Default Response';

function answerOf(status: string, response: MediaTypes & { description?: string }): AnswerView {
  const media = mediaOf(response);
  const isError = Number(status) >= 400;
  const description = response.description && response.description !== DEFAULT_DESCRIPTION ? response.description : isError ? 'An error, in the one error shape.' : 'Done.';
  return {
    status,
    description,
    ...(media && media.mediaType !== JSON_TYPE ? { mediaType: media.mediaType } : {}),
    // An error's fields are the one error shape, described once on the reference's first page.
    fields: isError ? [] : fieldsOf(media?.schema),
  };
}

function operationOf(method: string, path: string, operation: Operation): OperationView {
  const body = mediaOf(operation.requestBody);
  return {
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
    ...(operation.description ? { description: operation.description } : {}),
    signedIn: (operation.security ?? []).length > 0,
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      location: parameter.in,
      type: typeInWords(parameter.schema ?? {}),
      required: parameter.required === true,
      ...((parameter.description ?? parameter.schema?.description) ? { description: parameter.description ?? parameter.schema?.description } : {}),
    })),
    ...(body ? { body: { mediaType: body.mediaType, fields: fieldsOf(body.schema) } } : {}),
    answers: Object.entries(operation.responses ?? {}).map(([status, response]) => answerOf(status, response)),
  };
}

/** The document's areas in its own order, each with its operations by address then method. */
export function referenceAreas(document: OpenapiDocument): AreaView[] {
  const names = (document.tags ?? []).map((tag) => tag.name);
  const areas = new Map<string, AreaView>(
    (document.tags ?? []).map((tag) => [tag.name, { name: tag.name, slug: areaSlug(tag.name), description: tag.description ?? '', operations: [] }]),
  );
  for (const path of Object.keys(document.paths).sort()) {
    const methods = document.paths[path] ?? {};
    for (const method of METHODS) {
      const operation = methods[method];
      if (!operation) {
        continue;
      }
      const name = operation.tags?.find((tag) => areas.has(tag)) ?? ApiArea.Public;
      areas.get(name)?.operations.push(operationOf(method, path, operation));
    }
  }
  return names.flatMap((name) => {
    const area = areas.get(name);
    return area && area.operations.length > 0 ? [area] : [];
  });
}
