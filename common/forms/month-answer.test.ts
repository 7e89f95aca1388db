import { describe, expect, it } from 'vitest';
import type { FormStep } from './definition';
import { monthAnswerOf, monthAnswerProblem, monthFieldErrors, monthPartsOf } from './month-answer';

describe('month answers typed as month and year', () => {
  it('stores a month as yyyy-mm, padding the month', () => {
    expect(monthAnswerOf({ month: '3', year: '2026' })).toBe('2026-03');
    expect(monthAnswerOf({ month: ' 12 ', year: '2025 ' })).toBe('2025-12');
    expect(monthAnswerOf({ month: '03', year: '2026' })).toBe('2026-03');
  });

  it('keeps nothing for empty parts, and the parts as typed for anything else', () => {
    expect(monthAnswerOf({ month: ' ', year: '' })).toBeUndefined();
    expect(monthAnswerOf({ month: '13', year: '2026' })).toBe('2026-13');
    expect(monthAnswerOf({ month: '3', year: '26' })).toBe('26-3');
    expect(monthAnswerOf({ month: '', year: '2026' })).toBe('2026-');
    expect(monthAnswerOf({ month: '0', year: '2026' })).toBe('2026-0');
  });

  it('reads the parts back from yyyy-mm or from parts as typed', () => {
    expect(monthPartsOf('2026-03')).toEqual({ month: '3', year: '2026' });
    expect(monthPartsOf('2026-13')).toEqual({ month: '13', year: '2026' });
    expect(monthPartsOf('-3')).toEqual({ month: '3', year: '' });
    expect(monthPartsOf('2026--3')).toEqual({ month: '-3', year: '2026' });
    expect(monthPartsOf(undefined)).toEqual({ month: '', year: '' });
  });

  it.each([
    ['2026-', 'Billing period must include a month'],
    ['-3', 'Billing period must include a year'],
    ['26-3', 'Year must include 4 numbers'],
    ['2026-13', 'Month must be a number from 1 to 12'],
    ['2026-0', 'Month must be a number from 1 to 12'],
    ['2026-March', 'Month must be a number from 1 to 12'],
  ])('says what is wrong with %j', (value, message) => {
    expect(monthAnswerProblem('Billing period', value)).toBe(message);
  });

  it('finds nothing wrong with a month or no answer', () => {
    expect(monthAnswerProblem('Billing period', '2026-03')).toBeNull();
    expect(monthAnswerProblem('Billing period', undefined)).toBeNull();
  });
});

describe('monthFieldErrors', () => {
  const step: FormStep = {
    id: 'engagement',
    title: 'Engagement',
    schema: {
      type: 'object',
      properties: {
        billing_period: {
          type: 'string',
          title: 'Billing period',
          pattern: '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$',
          errorMessages: { pattern: 'Enter the month as a year and month, for example 2026-03' },
        },
        note: { type: 'string', title: 'Note' },
      },
    },
    uiSchema: { billing_period: { 'ui:widget': 'month' } },
  };

  it('names the missing part, and only on month fields', () => {
    expect(monthFieldErrors(step, { billing_period: '2026-', note: '2026-' })).toEqual([
      { path: ['billing_period'], message: 'Billing period must include a month' },
    ]);
  });

  it('falls back to the schema’s pattern message for a month the schema refuses', () => {
    expect(monthFieldErrors(step, { billing_period: '1850-03' })).toEqual([
      { path: ['billing_period'], message: 'Enter the month as a year and month, for example 2026-03' },
    ]);
    expect(monthFieldErrors(step, { billing_period: '2026-03' })).toEqual([]);
    expect(monthFieldErrors(step, {})).toEqual([]);
  });
});
