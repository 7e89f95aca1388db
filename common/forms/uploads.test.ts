import { describe, expect, it } from 'vitest';
import { EACH_ITEM, isUploadField, uploadAnswers, uploadFields } from './uploads';

const step = {
  id: 'capability',
  uiSchema: {
    'ui:order': ['statement', 'case_studies', 'document'],
    statement: { 'ui:widget': 'textarea' },
    case_studies: { 'ui:options': { addable: true }, items: { outcome: { 'ui:widget': 'textarea' }, evidence: { 'ui:widget': 'upload' } } },
    document: { 'ui:widget': 'upload', 'ui:options': { folder: 'ApplicationFiles' } },
  },
};

describe('uploadFields', () => {
  it('finds every upload field of a step by its uiSchema, list items included', () => {
    expect(uploadFields(step)).toEqual([['case_studies', EACH_ITEM, 'evidence'], ['document']]);
  });

  it('prefixes the step id for a whole definition, and finds none where no field is an upload', () => {
    const definition = { steps: [step, { id: 'about', uiSchema: { name: {}, notes: { 'ui:widget': 'textarea' } } }] };
    expect(uploadFields(definition)).toEqual([
      ['capability', 'case_studies', EACH_ITEM, 'evidence'],
      ['capability', 'document'],
    ]);
    expect(uploadFields({ uiSchema: { notes: { 'ui:help': 'An upload is not needed' } } })).toEqual([]);
  });

  it('tells an upload field by its widget alone', () => {
    expect(isUploadField({ 'ui:widget': 'upload' })).toBe(true);
    expect(isUploadField({ 'ui:help': 'upload' })).toBe(false);
    expect(isUploadField(undefined)).toBe(false);
  });
});

describe('uploadAnswers', () => {
  it('lists the file ids the answers hold with their paths, skipping empty and non-text answers', () => {
    const answers = {
      statement: 'We build things.',
      case_studies: [{ outcome: 'Shipped', evidence: 'file-1' }, { outcome: 'Shipped again' }, { evidence: 42 }],
      document: 'file-2',
    };
    expect(uploadAnswers(step, answers)).toEqual([
      { path: ['case_studies', '0', 'evidence'], fileId: 'file-1' },
      { path: ['document'], fileId: 'file-2' },
    ]);
    expect(uploadAnswers(step, undefined)).toEqual([]);
    expect(uploadAnswers(step, { case_studies: 'not a list' })).toEqual([]);
  });
});
