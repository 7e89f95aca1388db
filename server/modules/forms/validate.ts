/**
 * Server-side validation of one form step: the step's JSON Schema through rjsf's own ajv
 * validator (the browser's precompiled validators come from the same schema), the messages of
 * common/forms/messages.ts, and the form's business rules. Answers to fields the step hides under
 * the given answers (a head office address when it is the registered one) are dropped, not kept.
 */
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { fieldName, normaliseFormData, type FieldError, type FormData, type FormStep } from '../../../common/forms/definition';
import { dateFieldErrors } from '../../../common/forms/date-answer';
import { describeSchemaErrors } from '../../../common/forms/messages';
import { isRecord } from '../../../common/is-record';
import { AppError, ErrorCode } from '../../errors';

const validator = customizeValidator();

export interface StepValidation {
  /** The answers kept: normalised, and only the fields the step shows for them. */
  data: FormData;
  errors: FieldError[];
}

export function validateStep(step: FormStep, answers: FormData, rules: (data: FormData) => FieldError[]): StepValidation {
  const normalised = normaliseFormData(answers);
  const data: FormData = isRecord(normalised) ? normalised : {};
  const schema = step.schema as RJSFSchema;
  const shown = retrieveSchema(validator, schema, schema, data);
  const kept: FormData = Object.fromEntries(Object.entries(data).filter(([key]) => key in (shown.properties ?? {})));
  const { errors } = validator.validateFormData(kept, schema);
  return { data: kept, errors: [...describeSchemaErrors(step.schema, errors), ...rules(kept)] };
}

/** Keywords that say an answer must be given; a saved draft may lack any answer. */
const ANSWER_REQUIRED_KEYWORDS = new Set(['required', 'minItems', 'const']);

/**
 * A copy of a schema without the keywords that demand answers (`required`, `minItems`, and the
 * `const` of an "I confirm" box), so a draft is checked for what it holds (types, lengths,
 * patterns) and may be saved unfinished. Conditions (`if`) keep theirs: they decide which fields
 * a step shows.
 */
function withoutAnswerRequirements(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    return schema.map(withoutAnswerRequirements);
  }
  if (!isRecord(schema)) {
    return schema;
  }
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([keyword]) => !ANSWER_REQUIRED_KEYWORDS.has(keyword))
      .map(([keyword, value]) => {
        if (keyword === 'if') {
          return [keyword, value];
        }
        // `properties` maps field names (which may read like keywords) to schemas.
        if (keyword === 'properties' && isRecord(value)) {
          return [keyword, Object.fromEntries(Object.entries(value).map(([field, item]) => [field, withoutAnswerRequirements(item)]))];
        }
        return [keyword, withoutAnswerRequirements(value)];
      }),
  );
}

const draftSteps = new WeakMap<object, FormStep>();

/** The step as a draft is checked against (see `withoutAnswerRequirements`); made once per schema. */
export function draftStep(step: FormStep): FormStep {
  let draft = draftSteps.get(step.schema);
  if (!draft) {
    draft = { ...step, schema: withoutAnswerRequirements(step.schema) as FormStep['schema'] };
    draftSteps.set(step.schema, draft);
  }
  return draft.id === step.id && draft.title === step.title ? draft : { ...draft, id: step.id, title: step.title };
}

/** A 400 for answers that failed: the first problem as the message, each as a field detail. */
export function answersRefused(errors: FieldError[], subject: string): AppError {
  const first = errors[0]?.message ?? `Check the ${subject}.`;
  return new AppError(
    ErrorCode.BadRequest,
    errors.length === 1 ? first : `There are ${String(errors.length)} problems with the ${subject}. ${first}.`,
    errors.map((error) => ({ field: fieldName(error.path), message: error.message })),
  );
}

/**
 * Every step's answers of a form whose answers are kept by step id (`{ [stepId]: {...} }`): as
 * kept (normalised, only the fields each step shows) and every problem with them, paths starting
 * with the step id. A draft is checked for what it holds; a submission in full. Answers to a step
 * the form does not have are a problem; a date typed in parts that is not a real date says so once.
 */
export function checkAnswersByStep(
  steps: readonly FormStep[],
  answers: Readonly<Record<string, Record<string, unknown>>>,
  isSubmission: boolean,
): { data: Record<string, FormData>; errors: FieldError[] } {
  const errors: FieldError[] = Object.keys(answers)
    .filter((stepId) => !steps.some((step) => step.id === stepId))
    .map((stepId) => ({ path: [stepId], message: `${stepId} is not a step of this form` }));
  const data: Record<string, FormData> = {};
  for (const step of steps) {
    const given = answers[step.id];
    if (given === undefined && !isSubmission) {
      continue;
    }
    const result = validateStep(isSubmission ? step : draftStep(step), given ?? {}, () => []);
    const dateErrors = dateFieldErrors(step, result.data);
    const dated = new Set(dateErrors.map((error) => error.path.join('.')));
    const stepErrors = [...result.errors.filter((error) => !dated.has(error.path.join('.'))), ...dateErrors];
    errors.push(...stepErrors.map((error) => ({ ...error, path: [step.id, ...error.path] })));
    if (Object.keys(result.data).length > 0) {
      data[step.id] = result.data;
    }
  }
  return { data, errors };
}
