// @vitest-environment jsdom
import validator from '@rjsf/validator-ajv8';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormStep } from '../../../common/forms/definition';
import { SchemaForm } from './schema-form';

afterEach(cleanup);

// Tests run under Node, where ajv may compile; the apps load precompiled validators (validators.ts).
const step: FormStep = {
  id: 'capability',
  title: 'Capability',
  schema: {
    type: 'object',
    properties: {
      day_rate: { type: 'integer', title: 'Day rate' },
      cover: { type: 'integer', title: 'Cover' },
      certifications: { type: 'array', title: 'Certifications', items: { type: 'string', enum: ['ISO 9001', 'SOC 2'] }, uniqueItems: true },
    },
  },
  uiSchema: {
    day_rate: { 'ui:options': { money: true } },
    cover: { 'ui:widget': 'money' },
    certifications: { 'ui:widget': 'checkboxes' },
  },
};

describe('SchemaForm widgets', () => {
  it('draws amounts in dollars with a "$" before the input, labelled by the question', () => {
    render(
      <SchemaForm step={step} validator={validator} formData={{ day_rate: 1200 }} onSubmit={() => undefined}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    for (const label of ['Day rate', 'Cover']) {
      const input = screen.getByLabelText(label);
      expect(input.closest('.money-input')?.querySelector('.money-input__prefix')?.textContent).toBe('$');
    }
    expect(screen.getByLabelText<HTMLInputElement>('Day rate').value).toBe('1200');
  });

  it('draws a checkbox list as a group named by its question', () => {
    render(
      <SchemaForm step={step} validator={validator} formData={{ certifications: ['SOC 2'] }} onSubmit={() => undefined}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    const group = screen.getByRole('group', { name: 'Certifications' });
    expect(within(group).getByLabelText<HTMLInputElement>('SOC 2').checked).toBe(true);
    expect(within(group).getByLabelText<HTMLInputElement>('ISO 9001').checked).toBe(false);
  });
});

describe('SchemaForm confirmations', () => {
  it('starts a checkbox that must be ticked unticked, labelled once beside it', () => {
    const confirm: FormStep = {
      id: 'declarations',
      title: 'Declarations',
      schema: { type: 'object', required: ['confirmed'], properties: { confirmed: { type: 'boolean', title: 'I confirm', const: true } } },
      uiSchema: { confirmed: { 'ui:widget': 'checkbox' } },
    };
    render(
      <SchemaForm step={confirm} validator={validator} formData={{}} onSubmit={() => undefined}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    expect(screen.getByLabelText<HTMLInputElement>(/I confirm/).checked).toBe(false);
    expect(screen.getAllByText('I confirm')).toHaveLength(1);
  });
});
