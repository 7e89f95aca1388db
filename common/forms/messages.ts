/**
 * The messages people read when a form field fails its schema, the same in the browser (rjsf's
 * `transformErrors`) and in the API's 400 answer. A field schema may carry its own wording in a
 * non-standard `errorMessages` keyword (`{ required: 'Enter your trading name' }`), which ajv
 * ignores; otherwise the message is made from the field's title.
 */
import { fieldSchemaAt, type FieldError, type JsonSchema } from './definition';

/** What rjsf's validator reports for one failure (a subset of its RJSFValidationError). */
export interface SchemaError {
  /** The ajv keyword: required, pattern, maxLength, … */
  name?: string;
  /** Dotted path from the form's root, e.g. `.registered_address.postcode`. */
  property?: string;
  message?: string;
  params?: unknown;
}

/** Keywords that only say "a sub-schema failed"; the failure itself is reported separately. */
const SUMMARY_KEYWORDS = new Set(['if', 'allOf', 'anyOf', 'oneOf', 'not']);

function lowerFirst(text: string): string {
  // Keep acronyms (NZBN, GST) as they are.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** An ajv error parameter as text (limits are numbers, property names strings). */
function param(params: unknown, name: string): string | undefined {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The property path of an error: rjsf's `.a.b` or `['a'].b` forms, as segments. */
export function errorPath(property: string | undefined): string[] {
  if (!property) {
    return [];
  }
  return property
    .replace(/\[['"]?([^'"\]]+)['"]?\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '');
}

function defaultMessage(keyword: string, title: string, field: JsonSchema | undefined, params: unknown, fallback: string): string {
  const limit = param(params, 'limit') ?? '';
  const isChoice = Array.isArray(field?.enum) || Array.isArray(field?.oneOf) || field?.type === 'boolean';
  switch (keyword) {
    case 'required':
      return isChoice ? `Select ${lowerFirst(title)}` : `Enter ${lowerFirst(title)}`;
    case 'maxLength':
      return `${title} must be ${limit} characters or fewer`;
    case 'minLength':
      return `Enter ${lowerFirst(title)}`;
    case 'pattern':
    case 'format':
      return `Enter ${lowerFirst(title)} in the correct format`;
    case 'minimum':
      return `${title} must be ${limit} or more`;
    case 'maximum':
      return `${title} must be ${limit} or less`;
    case 'type':
      return field?.type === 'integer' || field?.type === 'number' ? `${title} must be a whole number` : `Enter a valid ${lowerFirst(title)}`;
    case 'enum':
    case 'const':
      return `Select one of the options for ${lowerFirst(title)}`;
    case 'maxItems':
      return `${title}: choose at most ${limit}`;
    case 'uniqueItems':
      return `${title}: each entry must be different`;
    case 'additionalProperties':
      return `${param(params, 'additionalProperty') ?? 'This field'} is not a field of this form`;
    default:
      return `${title}: ${fallback}`;
  }
}

/**
 * The person-readable error for one schema failure, or null for the summary keywords (`if`,
 * `allOf`…) whose cause is reported on its own.
 */
export function describeSchemaError(schema: JsonSchema, error: SchemaError): FieldError | null {
  const keyword = error.name ?? '';
  if (SUMMARY_KEYWORDS.has(keyword)) {
    return null;
  }
  let path = errorPath(error.property);
  const missing = param(error.params, 'missingProperty');
  // ajv puts a missing property's error on its parent; rjsf may or may not have moved it already.
  if (keyword === 'required' && typeof missing === 'string' && path.at(-1) !== missing) {
    path = [...path, missing];
  }
  const field = fieldSchemaAt(schema, path);
  const title = typeof field?.title === 'string' ? field.title : (path.at(-1) ?? 'This form');
  const custom = field?.errorMessages;
  const customMessage =
    typeof custom === 'object' && custom !== null ? (custom as Record<string, unknown>)[keyword] : undefined;
  const message =
    typeof customMessage === 'string' ? customMessage : defaultMessage(keyword, title, field, error.params, error.message ?? 'is not valid');
  return { path, message };
}

/** Every person-readable error of a validation run, one per field and keyword, in form order. */
export function describeSchemaErrors(schema: JsonSchema, errors: readonly SchemaError[]): FieldError[] {
  const seen = new Set<string>();
  const described: FieldError[] = [];
  for (const error of errors) {
    const fieldError = describeSchemaError(schema, error);
    if (!fieldError) {
      continue;
    }
    const key = `${fieldError.path.join('.')}\u0000${fieldError.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      described.push(fieldError);
    }
  }
  return described;
}
