// @vitest-environment jsdom
import '../../test/jsdom-polyfills';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormData, FormStep } from '../../../common/forms/definition';
import { SchemaForm } from './schema-form';

afterEach(cleanup);

// As the reporting form definitions declare them (server/db/content/reporting-forms.ts).
const moneyField = (title: string) => ({
  type: 'integer',
  title,
  minimum: 0,
  maximum: 10_000_000_000,
  errorMessages: {
    required: `Enter the ${title.toLowerCase()}`,
    type: `${title} must be an amount in cents, a whole number`,
    minimum: `${title} cannot be negative`,
    maximum: `${title} is more than the marketplace accepts`,
  },
});

const step: FormStep = {
  id: 'report',
  title: 'Report',
  schema: {
    type: 'object',
    required: ['billing_period'],
    properties: {
      billing_period: {
        type: 'string',
        title: 'Billing period',
        pattern: '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$',
        errorMessages: { required: 'Enter the month you billed', pattern: 'Enter the month as a year and month, for example 2026-03' },
      },
      value: moneyField('Value'),
      lines: { type: 'array', title: 'Amounts billed', items: { type: 'object', title: 'Line', properties: { amount: moneyField('Amount') } } },
    },
  },
  uiSchema: {
    'ui:order': ['billing_period', 'value', 'lines'],
    billing_period: { 'ui:widget': 'month' },
    value: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
    lines: { 'ui:options': { orderable: false }, items: { amount: { 'ui:options': { inputMode: 'decimal', money: 'cents' } } } },
  },
};

function renderForm(formData: FormData) {
  const submitted: FormData[] = [];
  render(
    <SchemaForm step={step} validator={validator} formData={formData} onSubmit={(data) => submitted.push(data)}>
      <button type="submit">Save</button>
    </SchemaForm>,
  );
  return submitted;
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

/** The field's own error line (the error summary repeats it at the top). */
function fieldError(fieldId: string): string | null | undefined {
  return document.getElementById(`${fieldId}__error`)?.textContent;
}

describe('month widget', () => {
  it('draws month and year as two labelled inputs in the question’s fieldset, and reads a stored month back', () => {
    renderForm({ billing_period: '2026-03' });
    const group = screen.getByRole('group', { name: 'Billing period' });
    expect(group.id).toBe('root_billing_period');
    expect(within(group).getByLabelText<HTMLInputElement>('Month').value).toBe('3');
    expect(within(group).getByLabelText<HTMLInputElement>('Year').value).toBe('2026');
    expect(within(group).getByLabelText('Month').getAttribute('inputmode')).toBe('numeric');
    expect(within(group).queryByLabelText('Day')).toBeNull();
  });

  it('answers yyyy-mm', () => {
    const submitted = renderForm({});
    const group = screen.getByRole('group', { name: 'Billing period' });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '3' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2026' } });
    save();
    expect(submitted).toEqual([{ billing_period: '2026-03' }]);
  });

  it.each([
    ['', '2026', 'Billing period must include a month'],
    ['3', '', 'Billing period must include a year'],
    ['13', '2026', 'Month must be a number from 1 to 12'],
    ['3', '26', 'Year must include 4 numbers'],
    ['3', '1850', 'Enter the month as a year and month, for example 2026-03'],
  ])('says what is wrong with month %j and year %j, once', (month, year, message) => {
    const submitted = renderForm({});
    const group = screen.getByRole('group', { name: 'Billing period' });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: month } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: year } });
    save();
    expect(submitted).toEqual([]);
    expect(fieldError('root_billing_period')).toBe(`Error: ${message}`);
  });

  it('answers nothing once both parts are cleared, so the question is required', () => {
    renderForm({ billing_period: '2026-03' });
    const group = screen.getByRole('group', { name: 'Billing period' });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '' } });
    save();
    expect(fieldError('root_billing_period')).toBe('Error: Enter the month you billed');
  });
});

describe('money in cents', () => {
  it('shows stored cents as dollars, after a "$", in a text input for decimals', () => {
    renderForm({ billing_period: '2026-03', value: 123456, lines: [{ amount: 120000 }] });
    const value = screen.getByLabelText<HTMLInputElement>('Value');
    expect(value.value).toBe('1234.56');
    expect(value.type).toBe('text');
    expect(value.getAttribute('inputmode')).toBe('decimal');
    expect(value.closest('.money-input')?.querySelector('.money-input__prefix')?.textContent).toBe('$');
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1200.00');
  });

  it('answers whole cents for dollars as people type them, keeping what they typed on screen', () => {
    const submitted = renderForm({ billing_period: '2026-03', lines: [{}] });
    const value = screen.getByLabelText<HTMLInputElement>('Value');
    fireEvent.change(value, { target: { value: '$1,250.5' } });
    expect(value.value).toBe('$1,250.5');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1200' } });
    save();
    expect(submitted).toEqual([{ billing_period: '2026-03', value: 125050, lines: [{ amount: 120000 }] }]);
  });

  it.each(['12.345', 'abc', '1e3', '0x10'])('refuses %j with a message about dollars and cents, not cents', (typed) => {
    const submitted = renderForm({ billing_period: '2026-03', lines: [{}] });
    const value = screen.getByLabelText<HTMLInputElement>('Value');
    fireEvent.change(value, { target: { value: typed } });
    expect(value.value).toBe(typed);
    save();
    expect(submitted).toEqual([]);
    expect(fieldError('root_value')).toBe('Error: Value must be an amount in dollars and cents, like 1250.50');
  });

  it('says so in a repeating group too', () => {
    renderForm({ billing_period: '2026-03', lines: [{}] });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.345' } });
    save();
    expect(fieldError('root_lines_0_amount')).toBe('Error: Amount must be an amount in dollars and cents, like 1250.50');
  });

  it('answers negative cents for a negative amount, which the minimum refuses', () => {
    const submitted = renderForm({ billing_period: '2026-03' });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '-5' } });
    save();
    expect(submitted).toEqual([]);
    expect(fieldError('root_value')).toBe('Error: Value cannot be negative');
  });

  it('answers nothing for an emptied input', () => {
    const submitted = renderForm({ billing_period: '2026-03', value: 500 });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: ' ' } });
    save();
    expect(submitted).toEqual([{ billing_period: '2026-03' }]);
  });
});
