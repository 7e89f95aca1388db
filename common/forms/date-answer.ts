/**
 * Date answers (GOV.UK date input: day, month and year typed apart). The answer is stored as ISO
 * yyyy-mm-dd; while what was typed is not yet a real date, the form engine holds the parts as
 * typed, `year-month-day` unpadded (it fails the schema's pattern, so it is never stored), and
 * `dateAnswerProblem` says what is wrong in the GOV.UK wording. The API runs the same check
 * (`dateFieldErrors`), so 31 February is refused on both sides.
 */
import type { FieldError, FormData, FormStep } from './definition';
import { isRecord } from '../is-record';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The parts of a date answer (an ISO date, or parts as typed); empty parts for none. */
export function datePartsOf(value: unknown): DateParts {
  if (typeof value !== 'string') {
    return { day: '', month: '', year: '' };
  }
  const iso = ISO_DATE.exec(value);
  if (iso) {
    return { year: iso[1] ?? '', month: String(Number(iso[2])), day: String(Number(iso[3])) };
  }
  const [year = '', month = '', day = ''] = value.split('-');
  return { day, month, year };
}

/** The answer for the typed parts: undefined when all are empty, ISO when a real date, else the parts as typed. */
export function dateAnswerOf(parts: DateParts): string | undefined {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (day === '' && month === '' && year === '') {
    return undefined;
  }
  if (/^\d{1,2}$/.test(day) && /^\d{1,2}$/.test(month) && /^\d{4}$/.test(year) && isRealDate(Number(year), Number(month), Number(day))) {
    return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  return `${year}-${month}-${day}`;
}

/** What is wrong with a date answer, in GOV.UK's words ('Available from must include a month'); null when it is a real date or empty. */
export function dateAnswerProblem(title: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  if (typeof value !== 'string') {
    return `${title} must be a real date`;
  }
  const iso = ISO_DATE.exec(value);
  if (iso) {
    return isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? null : `${title} must be a real date`;
  }
  const parts = datePartsOf(value);
  const missing = (['day', 'month', 'year'] as const).filter((part) => parts[part].trim() === '');
  if (missing.length > 0) {
    return `${title} must include a ${missing.join(' and ')}`;
  }
  if (!/^\d+$/.test(parts.year.trim()) || parts.year.trim().length !== 4) {
    return 'Year must include 4 numbers';
  }
  return `${title} must be a real date`;
}

/** The top-level fields of a step drawn as date inputs (`'ui:widget': 'date'`). */
export function dateFields(step: FormStep): string[] {
  return Object.entries(step.uiSchema).flatMap(([key, ui]) => (isRecord(ui) && ui['ui:widget'] === 'date' ? [key] : []));
}

/** A date as year, month and day parts (what the date input holds): two hyphens. */
const DATE_PARTS = /^[^-]*-[^-]*-[^-]*$/;

/**
 * A problem for each date answer of the step, in parts, that is not a real date. Anything else
 * (an API caller's '2 Feb 2026') is left to the schema's pattern and its message.
 */
export function dateFieldErrors(step: FormStep, data: FormData): FieldError[] {
  const properties = isRecord(step.schema.properties) ? step.schema.properties : {};
  return dateFields(step).flatMap((key) => {
    const field = properties[key];
    const title = isRecord(field) && typeof field.title === 'string' ? field.title : 'Date';
    const value = data[key];
    if (typeof value !== 'string' || !DATE_PARTS.test(value)) {
      return [];
    }
    const problem = dateAnswerProblem(title, value);
    return problem === null ? [] : [{ path: [key], message: problem }];
  });
}
