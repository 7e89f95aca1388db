import { describe, expect, it } from 'vitest';
import { inPageOrder } from './field-errors';

describe('inPageOrder: errors in the order their fields come on the page', () => {
  const uiSchema = {
    'ui:order': ['capability_statement', 'case_studies', 'day_rate', 'available_from', '*'],
    case_studies: { items: { 'ui:order': ['client', 'description', 'year'] } },
  };

  it('follows ui:order, then array items by index and their own ui:order, unlisted fields at "*"', () => {
    const errors = [
      { path: ['available_from'], message: 'a' },
      { path: ['zzz_extra'], message: 'b' },
      { path: ['case_studies', '1', 'client'], message: 'c' },
      { path: ['case_studies', '0', 'year'], message: 'd' },
      { path: ['case_studies', '0', 'client'], message: 'e' },
      { path: ['capability_statement'], message: 'f' },
      { path: [], message: 'g' },
      { path: ['day_rate'], message: 'h' },
    ];
    expect(inPageOrder(errors, uiSchema).map((error) => error.message)).toEqual(['g', 'f', 'e', 'd', 'c', 'h', 'a', 'b']);
  });

  it('keeps the order of one field’s errors, and of errors without any order to follow', () => {
    const errors = [
      { path: ['day_rate'], message: 'first' },
      { path: ['day_rate'], message: 'second' },
    ];
    expect(inPageOrder(errors, uiSchema).map((error) => error.message)).toEqual(['first', 'second']);
    expect(inPageOrder(errors, undefined).map((error) => error.message)).toEqual(['first', 'second']);
  });
});
