/** Small builders for writing form definitions (common/supplier-details/form.ts, server/db/content/). */
import type { JsonSchema, UiSchema } from './definition';

export interface ChoiceOption {
  value: string;
  label: string;
}

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const satisfies readonly ChoiceOption[];

/** A text answer of at most `maxLength` characters. */
export function text(title: string, maxLength: number, extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', title, maxLength, ...extra };
}

/**
 * Characters a name may not hold: control characters, and the invisible marks and direction
 * overrides that make a name display as something else ('Acme\u202Edlrow' shows reversed).
 */
export const NAME_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]*$';

/** Said when a name holds one of those characters, which the person cannot see. */
export function hiddenCharactersMessage(title: string): string {
  return `${title} contains hidden formatting characters, perhaps from copying and pasting. Type it again.`;
}

/** A name (of a business, an agency, a person): text without hidden characters. */
export function name(title: string, maxLength: number, extra: JsonSchema = {}): JsonSchema {
  const { errorMessages, ...rest } = extra as { errorMessages?: Record<string, string> } & JsonSchema;
  return text(title, maxLength, { pattern: NAME_PATTERN, errorMessages: { pattern: hiddenCharactersMessage(title), ...errorMessages }, ...rest });
}

/** One of `options`, with the message shown when none is chosen. */
export function choice(title: string, options: readonly ChoiceOption[], required: string): JsonSchema {
  return { type: 'string', title, enum: options.map((option) => option.value), errorMessages: { required } };
}

/** Shows `properties` (and requires `required`) when `field` has the answer `value`. */
export function when(field: string, value: string, properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return {
    if: { properties: { [field]: { const: value } }, required: [field] },
    then: { properties, required },
  };
}

/** Radio buttons labelled with the options' labels. */
export function radioUi(options: readonly ChoiceOption[], { inline = false } = {}): UiSchema {
  return {
    'ui:widget': 'radio',
    'ui:enumNames': options.map((option) => option.label),
    ...(inline ? { 'ui:options': { inline: true } } : {}),
  };
}

export function textareaUi(rows: number): UiSchema {
  return { 'ui:widget': 'textarea', 'ui:options': { rows } };
}
