// @vitest-environment jsdom
import '../../test/jsdom-polyfills';
import validator from '@rjsf/validator-ajv8';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormData, FormStep } from '../../../common/forms/definition';
import { ApiError } from '../api-error';
import { sourceFormContext, sourceOptionOf, sourcePathOf, waitingHint } from './form-sources';
import { SchemaForm, type SchemaFormProps } from './schema-form';
import { SOURCE_LOAD_FAILED_MESSAGE } from './source-list-state';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../api', async () => ({ apiFetch: (await import('../../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const AGENCIES = [
  { id: 4, name: 'Ministry of Examples' },
  { id: 9, name: 'Department of Samples' },
];
const SERVICES = [
  { id: 11, title: 'Design', catalogue: { id: 1, title: 'Digital' }, label: 'Design - (Digital)' },
  { id: 12, title: 'Testing', catalogue: { id: 1, title: 'Digital' }, label: 'Testing - (Digital)' },
];

/** Answers source lists from `lists` by path; anything else is a call the test did not expect. */
function answerSources(lists: Record<string, unknown>) {
  api.apiFetch.mockImplementation((path: string) => (path in lists ? Promise.resolve(lists[path]) : Promise.reject(new Error(`unexpected call ${path}`))));
}

// As the engagement notice and billing report definitions declare them (server/db/content/reporting-forms.ts).
const engagement: FormStep = {
  id: 'engagement',
  title: 'The engagement',
  schema: {
    type: 'object',
    required: ['agency', 'services'],
    properties: {
      agency: { type: 'integer', title: 'Agency', minimum: 1, errorMessages: { required: 'Select the agency you are engaged by' } },
      services: {
        type: 'array',
        title: 'Services',
        items: { type: 'integer', minimum: 1 },
        uniqueItems: true,
        minItems: 1,
        errorMessages: { required: 'Select at least one service', minItems: 'Select at least one service' },
      },
    },
  },
  uiSchema: {
    'ui:order': ['agency', 'services'],
    agency: { 'ui:widget': 'source-select', 'ui:options': { source: 'engagement-notice/agency' } },
    services: { 'ui:widget': 'source-checkboxes', 'ui:options': { source: 'service?approved=true', emptyMessage: 'You have no approved services yet.' } },
  },
};

const amounts: FormStep = {
  id: 'amounts',
  title: 'Amounts billed',
  schema: {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        title: 'Amounts billed',
        minItems: 1,
        items: { type: 'object', title: 'Line', properties: { service: { type: 'integer', title: 'Service', minimum: 1 } } },
      },
    },
  },
  uiSchema: {
    lines: {
      'ui:options': { orderable: false },
      items: { service: { 'ui:widget': 'source-select', 'ui:options': { source: 'billing-report/services', sourceQuery: { engagementNotice: 'engagement_notice' } } } },
    },
  },
};

/** The query cache of the form last rendered. */
let queryClient: QueryClient | undefined;

function renderForm(step: FormStep, formData: FormData, extra: Partial<SchemaFormProps> = {}) {
  const submitted: FormData[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SchemaForm step={step} validator={validator} formData={formData} onSubmit={(data) => submitted.push(data)} {...extra}>
        <button type="submit">Save</button>
      </SchemaForm>
    </QueryClientProvider>,
  );
  queryClient = client;
  return submitted;
}

describe('source-select', () => {
  it('lists the source’s items after a “no choice” option and answers the chosen id as a number', async () => {
    answerSources({ 'engagement-notice/agency': AGENCIES, 'service?approved=true': SERVICES });
    const submitted = renderForm(engagement, {});
    const select = screen.getByLabelText<HTMLSelectElement>('Agency');
    expect(select.tagName).toBe('SELECT');
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((option) => option.text)).toEqual(['Select an option', 'Ministry of Examples', 'Department of Samples']);
    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(screen.getByLabelText('Design - (Digital)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ agency: 9, services: [11] }]);
    expect(api.apiFetch).toHaveBeenCalledWith('engagement-notice/agency', undefined);
  });

  it('answers nothing when “no choice” is chosen again, so the question is required again', async () => {
    answerSources({ 'engagement-notice/agency': AGENCIES, 'service?approved=true': SERVICES });
    const submitted = renderForm(engagement, { agency: 4, services: [12] });
    const select = screen.getByLabelText<HTMLSelectElement>('Agency');
    await waitFor(() => expect(select.value).toBe('4'));
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([]);
    expect(screen.getAllByText('Select the agency you are engaged by').length).toBeGreaterThan(0);
  });

  it('says while loading, with the select disabled', () => {
    api.apiFetch.mockImplementation(() => new Promise(() => undefined));
    renderForm(engagement, {});
    expect(screen.getByLabelText<HTMLSelectElement>('Agency').disabled).toBe(true);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Loading the choices…');
  });

  it('shows no choices when the list fails to load, says so, and asks again on “Try again”', async () => {
    let isDown = true;
    api.apiFetch.mockImplementation((path: string) => {
      if (path === 'engagement-notice/agency') {
        return isDown ? Promise.reject(new ApiError(503, { error: 'unavailable', message: 'Down for maintenance' })) : Promise.resolve(AGENCIES);
      }
      return Promise.resolve(SERVICES);
    });
    renderForm(engagement, {});
    const select = screen.getByLabelText<HTMLSelectElement>('Agency');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SOURCE_LOAD_FAILED_MESSAGE);
    expect(select.disabled).toBe(true);
    expect(select.options).toHaveLength(1);
    // The message is part of the select's description, so it is read with the question.
    expect((select.getAttribute('aria-describedby') ?? '').split(' ')).toContain('root_agency__source');
    expect(alert.closest('#root_agency__source')).not.toBeNull();

    isDown = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect(select.disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.apiFetch.mock.calls.filter(([path]) => path === 'engagement-notice/agency')).toHaveLength(2);
  });

  it('empties a list that loaded before when asking for it again fails (spec §8)', async () => {
    let isDown = false;
    api.apiFetch.mockImplementation((path: string) =>
      path === 'engagement-notice/agency' && isDown ? Promise.reject(new ApiError(500, null)) : Promise.resolve(path === 'engagement-notice/agency' ? AGENCIES : SERVICES),
    );
    renderForm(engagement, {});
    const select = screen.getByLabelText<HTMLSelectElement>('Agency');
    await waitFor(() => expect(select.options).toHaveLength(3));
    isDown = true;
    await act(() => queryClient?.invalidateQueries({ queryKey: ['form-source', 'engagement-notice/agency'] }));
    expect((await screen.findByRole('alert')).textContent).toContain(SOURCE_LOAD_FAILED_MESSAGE);
    expect(select.options).toHaveLength(1);
  });

  it('waits for the answer its query needs, saying which, and then asks for the list with it', async () => {
    answerSources({ 'billing-report/services?engagementNotice=7': SERVICES });
    const steps = [
      { id: 'engagement', title: 'Engagement and month', schema: { type: 'object', properties: { engagement_notice: { type: 'integer', title: 'Engagement notice' } } }, uiSchema: {} },
      amounts,
    ];
    const waiting = renderForm(amounts, { lines: [{}] }, { formContext: sourceFormContext(steps, {}) });
    const select = screen.getByLabelText<HTMLSelectElement>('Service');
    expect(select.disabled).toBe(true);
    expect(screen.getByText('Choose the engagement notice first')).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalled();
    expect(waiting).toEqual([]);
    cleanup();

    const submitted = renderForm(amounts, { lines: [{}] }, { formContext: sourceFormContext(steps, { engagement: { engagement_notice: 7 } }) });
    const chosen = screen.getByLabelText<HTMLSelectElement>('Service');
    await waitFor(() => expect(chosen.disabled).toBe(false));
    expect(api.apiFetch).toHaveBeenCalledWith('billing-report/services?engagementNotice=7', undefined);
    fireEvent.change(chosen, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ lines: [{ service: 12 }] }]);
  });

  it('says when an earlier choice is not in the list any more', async () => {
    answerSources({ 'engagement-notice/agency': AGENCIES, 'service?approved=true': SERVICES });
    renderForm(engagement, { agency: 99 });
    expect(await screen.findByText('An earlier choice is not in the list any more. Choose again.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Agency').value).toBe('');
  });
});

describe('source-checkboxes', () => {
  it('draws one checkbox per item in the question’s group, answering the ticked ids in the list’s order', async () => {
    answerSources({ 'engagement-notice/agency': AGENCIES, 'service?approved=true': SERVICES });
    const submitted = renderForm(engagement, { agency: 4 });
    const group = screen.getByRole('group', { name: 'Services' });
    fireEvent.click(await within(group).findByLabelText('Testing - (Digital)'));
    fireEvent.click(within(group).getByLabelText('Design - (Digital)'));
    expect(within(group).getByLabelText<HTMLInputElement>('Design - (Digital)').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ agency: 4, services: [11, 12] }]);
  });

  it('says the field’s own words when the list is empty', async () => {
    answerSources({ 'engagement-notice/agency': AGENCIES, 'service?approved=true': [] });
    renderForm(engagement, {});
    const group = screen.getByRole('group', { name: 'Services' });
    expect(await within(group).findByText('You have no approved services yet.')).toBeTruthy();
    expect(within(group).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows no checkboxes when the list fails to load', async () => {
    api.apiFetch.mockImplementation((path: string) =>
      path === 'service?approved=true' ? Promise.reject(new ApiError(500, null)) : Promise.resolve(AGENCIES),
    );
    renderForm(engagement, { services: [11] });
    const group = screen.getByRole('group', { name: 'Services' });
    expect((await within(group).findByRole('alert')).textContent).toContain(SOURCE_LOAD_FAILED_MESSAGE);
    expect(within(group).queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('form sources', () => {
  it('adds the query to a source that has one already, and waits for every answer it needs', () => {
    const field = { source: 'service?approved=true', sourceQuery: { notice: 'engagement_notice', month: 'billing_period' } };
    expect(sourcePathOf(field, { engagement_notice: 7, billing_period: '2026-03' })).toEqual({
      path: 'service?approved=true&notice=7&month=2026-03',
      waitingFor: [],
    });
    expect(sourcePathOf(field, { engagement_notice: 7, billing_period: '' })).toEqual({ path: undefined, waitingFor: ['billing_period'] });
  });

  it('labels an item by its label, else its name, else its title', () => {
    expect(sourceOptionOf({ id: 1, label: 'A', name: 'B', title: 'C' }).label).toBe('A');
    expect(sourceOptionOf({ id: 1, name: 'B', title: 'C' }).label).toBe('B');
    expect(sourceOptionOf({ id: 1, title: 'C' }).label).toBe('C');
    expect(sourceOptionOf({ id: 1, title: null }).label).toBe('Number 1');
  });

  it('names the missing answers in the hint, or says there is one when it has no title', () => {
    expect(waitingHint(['engagement_notice'], { engagement_notice: 'Engagement notice' })).toBe('Choose the engagement notice first');
    expect(waitingHint(['engagement_notice'])).toBe('Answer the question this list depends on first');
  });
});
