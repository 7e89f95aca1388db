// @vitest-environment jsdom
import '../../test/jsdom-polyfills';
import validator from '@rjsf/validator-ajv8';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormStep } from '../../../common/forms/definition';
import { canRemoveItem, itemTitleOf, SchemaForm } from './schema-form';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../api', async () => ({ apiFetch: (await import('../../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

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

describe('SchemaForm dates (GOV.UK date input)', () => {
  const dated: FormStep = {
    id: 'capability',
    title: 'Capability',
    schema: {
      type: 'object',
      required: ['available_from'],
      properties: { available_from: { type: 'string', title: 'Available from', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
    },
    uiSchema: { available_from: { 'ui:widget': 'date' } },
  };

  function renderDated(formData: Record<string, unknown>, onSubmit: (data: Record<string, unknown>) => void = () => undefined) {
    render(
      <SchemaForm step={dated} validator={validator} formData={formData} onSubmit={onSubmit}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    return screen.getByRole('group', { name: 'Available from' });
  }

  it('draws day, month and year as three labelled inputs in the question’s fieldset, not a date picker', () => {
    const group = renderDated({ available_from: '2027-01-05' });
    expect(within(group).getByLabelText<HTMLInputElement>('Day').value).toBe('5');
    expect(within(group).getByLabelText<HTMLInputElement>('Month').value).toBe('1');
    expect(within(group).getByLabelText<HTMLInputElement>('Year').value).toBe('2027');
    expect(group.querySelector('input[type="date"]')).toBeNull();
  });

  it('stores what is typed as an ISO date', () => {
    let submitted: Record<string, unknown> | undefined;
    const group = renderDated({}, (data) => (submitted = data));
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '15' } });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '1' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ available_from: '2027-01-15' });
  });

  it('says on the field, and once in the summary, that 31 February is not a real date', () => {
    let submitted = false;
    const group = renderDated({}, () => (submitted = true));
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '31' } });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toBe(false);
    expect(group.className).toContain('form-field--error');
    expect(within(group).getByText('Available from must be a real date')).toBeTruthy();
    expect(within(document.querySelector('.error-summary') as HTMLElement).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Available from must be a real date',
    ]);
  });

  it('says which part is missing', () => {
    const group = renderDated({});
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '3' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(group).getByText('Available from must include a month')).toBeTruthy();
  });
});

describe('SchemaForm errors', () => {
  // Stored as jsonb, a schema's properties come back in the database's key order: the page follows ui:order.
  const offer: FormStep = {
    id: 'your-offer',
    title: 'Your offer',
    schema: {
      type: 'object',
      required: ['pricing_approach', 'delivery_model', 'offer_summary'],
      properties: {
        pricing_approach: { type: 'string', title: 'How do you price?', enum: ['fixed', 'daily'], errorMessages: { required: 'Select how you price' } },
        delivery_model: { type: 'string', title: 'How do you deliver?', enum: ['onsite', 'remote'], errorMessages: { required: 'Select how you deliver' } },
        offer_summary: { type: 'string', title: 'Summary of your offer', errorMessages: { required: 'Describe what you offer' } },
      },
    },
    uiSchema: {
      'ui:order': ['offer_summary', 'delivery_model', 'pricing_approach'],
      delivery_model: { 'ui:widget': 'radio', 'ui:enumNames': ['On site', 'Remotely'] },
      pricing_approach: { 'ui:widget': 'radio', 'ui:enumNames': ['Fixed price', 'Day rates'] },
    },
  };

  it('lists errors in page order, linking to each field; a radio group in error has the error style', () => {
    render(
      <SchemaForm step={offer} validator={validator} formData={{}} onSubmit={() => undefined}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const links = within(document.querySelector('.error-summary') as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Describe what you offer', 'Select how you deliver', 'Select how you price']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#root_offer_summary', '#root_delivery_model', '#root_pricing_approach']);
    const radios = screen.getByRole('group', { name: 'How do you deliver?' });
    expect(radios.id).toBe('root_delivery_model');
    expect(radios.className).toContain('form-field--error');
    fireEvent.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(within(radios).getByLabelText('On site'));
  });
});

describe('SchemaForm repeating groups ("add another")', () => {
  const studies: FormStep = {
    id: 'capability',
    title: 'Capability',
    schema: {
      type: 'object',
      properties: {
        case_studies: {
          type: 'array',
          title: 'Case studies',
          minItems: 1,
          maxItems: 5,
          items: { type: 'object', title: 'Case study', properties: { client: { type: 'string', title: 'Client' } } },
        },
      },
    },
    uiSchema: { case_studies: { 'ui:options': { orderable: false, addable: true, removable: true } } },
  };

  function renderStudies(caseStudies: Record<string, unknown>[]) {
    render(
      <SchemaForm step={studies} validator={validator} formData={{ case_studies: caseStudies }} onSubmit={() => undefined}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
  }

  it('never offers Remove on the only required item', () => {
    renderStudies([{ client: 'Ministry of Examples' }]);
    expect(screen.getByRole('group', { name: 'Case study 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('numbers each item’s fieldset and puts its Remove after its fields', () => {
    renderStudies([{ client: 'Ministry of Examples' }, { client: 'Department of Samples' }]);
    const second = screen.getByRole('group', { name: 'Case study 2' });
    const remove = screen.getByRole('button', { name: 'Remove case study 2' });
    expect(screen.getByRole('button', { name: 'Remove case study 1' })).toBeTruthy();
    // After the item's fields (its fieldset), never inside a label.
    expect(second.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(remove.closest('label, legend')).toBeNull();
    fireEvent.click(remove);
    expect(screen.queryByRole('group', { name: 'Case study 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('allows Remove only above minItems', () => {
    expect(canRemoveItem(1, 1)).toBe(false);
    expect(canRemoveItem(2, 1)).toBe(true);
    expect(canRemoveItem(1, 0)).toBe(true);
    expect(canRemoveItem(0, 0)).toBe(false);
  });
});

describe('SchemaForm defaults of required lists', () => {
  it('opens a required repeating group with its first item, but a required set of ids with none chosen', () => {
    const lists: FormStep = {
      id: 'lists',
      title: 'Lists',
      schema: {
        type: 'object',
        required: ['services', 'lines'],
        properties: {
          services: { type: 'array', title: 'Services', items: { type: 'integer' }, uniqueItems: true, minItems: 1 },
          lines: { type: 'array', title: 'Lines', minItems: 1, items: { type: 'object', title: 'Line', properties: { note: { type: 'string', title: 'Note' } } } },
        },
      },
      uiSchema: {},
    };
    const { container } = render(
      <SchemaForm step={lists} validator={validator} formData={{}} onSubmit={() => undefined}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    expect(screen.getAllByLabelText('Note')).toHaveLength(1);
    // A blank id would be "0 must be a whole number" instead of "choose at least one".
    expect(container.querySelectorAll('input[type="number"]')).toHaveLength(0);
  });
});

describe('SchemaForm hints and lines of amounts', () => {
  // As the billing report's stored definition (server/db/content/reporting-forms.ts, version 1) declares
  // its lines: items without a title of their own, each a service and an amount with its description.
  const lines: FormStep = {
    id: 'amounts',
    title: 'Amounts billed',
    schema: {
      type: 'object',
      properties: {
        lines: {
          type: 'array',
          title: 'Amounts billed',
          description: 'What you billed for each service this month, in NZ dollars, excluding GST.',
          minItems: 1,
          items: {
            type: 'object',
            required: ['service', 'amount'],
            properties: {
              service: { type: 'integer', title: 'Service', minimum: 1 },
              amount: { type: 'integer', title: 'Amount', description: 'Excluding GST.', minimum: 0 },
            },
          },
        },
      },
    },
    uiSchema: {
      lines: {
        'ui:options': { orderable: false, addable: true, removable: true },
        items: {
          service: { 'ui:widget': 'source-select', 'ui:options': { source: 'billing-report/services' } },
          amount: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
        },
      },
    },
  };

  function renderLines(answers: Record<string, unknown>) {
    api.apiFetch.mockResolvedValue([{ id: 11, title: 'Design', catalogue: { id: 1, title: 'Digital' }, label: 'Design - (Digital)' }]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SchemaForm step={lines} validator={validator} formData={answers} onSubmit={() => undefined}>
          <button type="submit">Save</button>
        </SchemaForm>
      </QueryClientProvider>,
    );
  }

  it('calls each line after its amount, "Amount 1", "Amount 2", and its Remove button the same', () => {
    renderLines({ lines: [{ service: 11, amount: 1000 }, { service: 11, amount: 2000 }] });
    expect(screen.getByRole('group', { name: 'Amount 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Amount 2' })).toBeTruthy();
    expect(screen.queryByText(/Amounts billed-1/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove amount 2' })).toBeTruthy();
  });

  it('shows an amount’s description as its hint, between its label and its input, and links it to the input', () => {
    renderLines({ lines: [{ service: 11, amount: 1000 }] });
    const input = within(screen.getByRole('group', { name: 'Amount 1' })).getByLabelText('Amount');
    const hint = screen.getByText('Excluding GST.');
    expect(hint.className).toBe('form-field__hint');
    expect((input.getAttribute('aria-describedby') ?? '').split(' ')).toContain(hint.id);
    expect(input.closest('.form-field')?.contains(hint)).toBe(true);
  });

  it('names an item by its own title, else the amount of a line of amounts, else its group', () => {
    const serviceAndAmount = { type: 'object', properties: { service: { type: 'integer' }, amount: { type: 'integer', title: 'Amount' } } };
    const ui = { service: { 'ui:widget': 'source-select' }, amount: { 'ui:options': { money: 'cents' } } };
    expect(itemTitleOf({ ...serviceAndAmount, title: 'Line' }, ui, 'Amounts billed')).toBe('Line');
    expect(itemTitleOf(serviceAndAmount, ui, 'Amounts billed')).toBe('Amount');
    expect(itemTitleOf({ type: 'object', properties: { note: { type: 'string' } } }, {}, 'Notes')).toBe('Notes');
    expect(itemTitleOf({ type: 'string' }, undefined, undefined)).toBe('Item');
  });
});

describe('SchemaForm on a page of its step (shownFields)', () => {
  it('draws and checks only the page\'s questions, and keeps the others\' answers', async () => {
    const required: FormStep = { ...step, schema: { ...step.schema, required: ['day_rate', 'cover'] } };
    const onSubmit = vi.fn();
    render(
      <SchemaForm step={required} validator={validator} formData={{ certifications: ['SOC 2'] }} shownFields={['cover']} onSubmit={onSubmit}>
        <button type="submit">Continue</button>
      </SchemaForm>,
    );
    expect(screen.queryByLabelText('Day rate')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Certifications' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('alert')).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Cover'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ cover: 5000, certifications: ['SOC 2'] }));
  });
});
