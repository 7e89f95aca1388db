/**
 * Month answers (`'ui:widget': 'month'`, a billing period): month and year typed apart, stored as
 * `yyyy-mm`. While what was typed is not yet a month, the form engine holds the parts as typed,
 * `year-month` unpadded (it fails the schema's pattern, so it is never stored), and
 * `monthAnswerProblem` says what is wrong in GOV.UK's words, as date-answer.ts does for dates.
 */
import type { FieldError, FormData, FormStep } from './definition';
import { isRecord } from '../is-record';

export interface MonthParts {
  month: string;
  year: string;
}

const ISO_MONTH = /^(\d{4})-(\d{2})$/;

function isMonthNumber(text: string): boolean {
  return /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 12;
}

/** The parts of a month answer (`yyyy-mm`, or parts as typed); empty parts for none. */
export function monthPartsOf(value: unknown): MonthParts {
  if (typeof value !== 'string') {
    return { month: '', year: '' };
  }
  const iso = ISO_MONTH.exec(value);
  if (iso && isMonthNumber(iso[2] ?? '')) {
    return { year: iso[1] ?? '', month: String(Number(iso[2])) };
  }
  // The year never holds a hyphen when the widget wrote it; the month may ('-3' typed).
  const cut = value.indexOf('-');
  return cut < 0 ? { year: value, month: '' } : { year: value.slice(0, cut), month: value.slice(cut + 1) };
}

/** The answer for the typed parts: undefined when both are empty, `yyyy-mm` when a month, else the parts as typed. */
export function monthAnswerOf(parts: MonthParts): string | undefined {
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (month === '' && year === '') {
    return undefined;
  }
  if (isMonthNumber(month) && /^\d{4}$/.test(year)) {
    return `${year}-${month.padStart(2, '0')}`;
  }
  return `${year}-${month}`;
}

/** What is wrong with a month answer ('Billing period must include a year'); null when it is `yyyy-mm` or empty. */
export function monthAnswerProblem(title: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  if (typeof value !== 'string') {
    return `${title} must be a real month`;
  }
  const iso = ISO_MONTH.exec(value);
  if (iso && isMonthNumber(iso[2] ?? '')) {
    return null;
  }
  const parts = monthPartsOf(value);
  const missing = (['month', 'year'] as const).filter((part) => parts[part].trim() === '');
  if (missing.length > 0) {
    return `${title} must include a ${missing.join(' and ')}`;
  }
  if (!/^\d{4}$/.test(parts.year.trim())) {
    return 'Year must include 4 numbers';
  }
  if (!isMonthNumber(parts.month.trim())) {
    return 'Month must be a number from 1 to 12';
  }
  return `${title} must be a real month`;
}

/** The top-level fields of a step drawn as month inputs (`'ui:widget': 'month'`). */
export function monthFields(step: FormStep): string[] {
  return Object.entries(step.uiSchema).flatMap(([key, ui]) => (isRecord(ui) && ui['ui:widget'] === 'month' ? [key] : []));
}

function failsPattern(field: Record<string, unknown>, value: string): boolean {
  if (typeof field.pattern !== 'string') {
    return false;
  }
  try {
    return !new RegExp(field.pattern, 'u').test(value);
  } catch {
    return false;
  }
}

/**
 * A problem for each month answer of the step: what is wrong with its parts, or, for a whole
 * month the schema still refuses (a year out of its range), the schema's own pattern message.
 * The form drops the schema's pattern error for these fields, so each says one thing.
 */
export function monthFieldErrors(step: FormStep, data: FormData): FieldError[] {
  const properties = isRecord(step.schema.properties) ? step.schema.properties : {};
  return monthFields(step).flatMap((key) => {
    const field = isRecord(properties[key]) ? properties[key] : {};
    const title = typeof field.title === 'string' ? field.title : 'Month';
    const value = data[key];
    if (value === undefined || value === null || value === '') {
      return [];
    }
    const problem = monthAnswerProblem(title, value);
    if (problem !== null) {
      return [{ path: [key], message: problem }];
    }
    if (typeof value === 'string' && failsPattern(field, value)) {
      const messages = isRecord(field.errorMessages) ? field.errorMessages : {};
      return [{ path: [key], message: typeof messages.pattern === 'string' ? messages.pattern : `${title} must be a real month` }];
    }
    return [];
  });
}
