import { describe, expect, it } from 'vitest';
import { normaliseFormData, withFieldOrder, type FormStep } from './definition';

describe('withFieldOrder', () => {
  const step: FormStep = {
    id: 'step',
    title: 'Step',
    schema: {
      type: 'object',
      properties: {
        has_conflicts: { type: 'string', enum: ['yes', 'no'] },
        summary: { type: 'string' },
        studies: { type: 'array', items: { type: 'object', properties: { client: { type: 'string' }, year: { type: 'integer' } } } },
      },
      allOf: [{ if: { properties: { has_conflicts: { const: 'yes' } } }, then: { properties: { conflict_details: { type: 'string' } } } }],
    },
    uiSchema: { summary: { 'ui:widget': 'textarea' } },
  };

  it('writes the order of the properties, with a conditional field after the question it depends on', () => {
    const ordered = withFieldOrder(step);
    expect(ordered.uiSchema['ui:order']).toEqual(['has_conflicts', 'conflict_details', 'summary', 'studies', '*']);
    expect(ordered.uiSchema.summary).toEqual({ 'ui:widget': 'textarea' });
    expect(ordered.uiSchema.studies).toEqual({ items: { 'ui:order': ['client', 'year', '*'] } });
  });

  it('keeps an order the form already gives', () => {
    const given = withFieldOrder({ ...step, uiSchema: { 'ui:order': ['summary', '*'] } });
    expect(given.uiSchema['ui:order']).toEqual(['summary', '*']);
  });
});

describe('normaliseFormData', () => {
  it('trims strings and drops empty strings, empty objects and nulls', () => {
    expect(normaliseFormData({ a: '  x ', b: '', c: { d: ' ' }, e: null, f: [' y', ''], g: 0 })).toEqual({ a: 'x', f: ['y'], g: 0 });
  });
});
