/**
 * What differs between two versions of a listing's answers, field by field (issue 30: the team sees
 * a live listing's change before it goes live, and each published version says what it changed).
 * A field is named `step.field`; the order is the form's.
 */
import { isRecord } from '../is-record';

interface StepFields {
  id: string;
  schema: { properties?: Record<string, unknown> };
}

function answerOf(data: Readonly<Record<string, unknown>>, stepId: string, field: string): unknown {
  const step = data[stepId];
  return isRecord(step) ? step[field] : undefined;
}

/** Answers compare by content: an empty text or list is the same as no answer. */
function comparable(answer: unknown): string {
  if (answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) {
    return '';
  }
  return JSON.stringify(answer);
}

/** The fields of the form whose answers differ between `before` and `after`, as `step.field`. */
export function changedListingFields(
  steps: readonly StepFields[],
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): string[] {
  return steps.flatMap((step) =>
    Object.keys(step.schema.properties ?? {})
      .filter((field) => comparable(answerOf(before, step.id, field)) !== comparable(answerOf(after, step.id, field)))
      .map((field) => `${step.id}.${field}`),
  );
}
