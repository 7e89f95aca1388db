import { describe, expect, it } from 'vitest';
import { dateAnswerOf, dateAnswerProblem, dateFieldErrors, datePartsOf } from './date-answer';
import type { FormStep } from './definition';

describe('date answers typed as day, month and year', () => {
  it('stores a real date as ISO yyyy-mm-dd, padding day and month', () => {
    expect(dateAnswerOf({ day: '1', month: '3', year: '2026' })).toBe('2026-03-01');
    expect(dateAnswerOf({ day: ' 15 ', month: '01', year: '2027' })).toBe('2027-01-15');
    expect(dateAnswerOf({ day: '29', month: '2', year: '2028' })).toBe('2028-02-29');
  });

  it('keeps nothing for empty parts, and the parts as typed for anything else', () => {
    expect(dateAnswerOf({ day: '', month: ' ', year: '' })).toBeUndefined();
    expect(dateAnswerOf({ day: '31', month: '2', year: '2027' })).toBe('2027-2-31');
    expect(dateAnswerOf({ day: '15', month: '', year: '2027' })).toBe('2027--15');
  });

  it('reads the parts back from an ISO date or from parts as typed', () => {
    expect(datePartsOf('2027-01-05')).toEqual({ day: '5', month: '1', year: '2027' });
    expect(datePartsOf('2027--15')).toEqual({ day: '15', month: '', year: '2027' });
    expect(datePartsOf(undefined)).toEqual({ day: '', month: '', year: '' });
  });

  it.each([
    ['2027-02-31', 'Available from must be a real date'],
    ['2027-2-31', 'Available from must be a real date'],
    ['2027-13-01', 'Available from must be a real date'],
    ['2027--15', 'Available from must include a month'],
    ['-3-', 'Available from must include a day and year'],
    ['27-3-15', 'Year must include 4 numbers'],
    ['2027-x-15', 'Available from must be a real date'],
  ])('says what is wrong with %s: %s', (value, message) => {
    expect(dateAnswerProblem('Available from', value)).toBe(message);
  });

  it('finds no problem with a real date or no answer', () => {
    expect(dateAnswerProblem('Available from', '2028-02-29')).toBeNull();
    expect(dateAnswerProblem('Available from', undefined)).toBeNull();
  });

  it("checks a step's date fields (those drawn as date inputs)", () => {
    const step: FormStep = {
      id: 'capability',
      title: 'Capability',
      schema: { type: 'object', properties: { available_from: { type: 'string', title: 'Available from' }, note: { type: 'string' } } },
      uiSchema: { available_from: { 'ui:widget': 'date' } },
    };
    expect(dateFieldErrors(step, { available_from: '2027-02-31', note: '2027-02-31' })).toEqual([
      { path: ['available_from'], message: 'Available from must be a real date' },
    ]);
    expect(dateFieldErrors(step, { available_from: '2027-02-28' })).toEqual([]);
    // Not parts of a date at all: the schema's pattern says so.
    expect(dateFieldErrors(step, { available_from: '2 Feb 2026' })).toEqual([]);
  });
});
