// @vitest-environment jsdom
import '../../test/jsdom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormData, FormStep } from '../../../common/forms/definition';
import { ApiError } from '../api-error';
import { AnswersSummary, NOT_IN_SOURCE_LIST, type SourceLabel } from './answers-summary';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../api', async () => ({ apiFetch: (await import('../../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const step: FormStep = {
  id: 'capability',
  title: 'Your capability',
  schema: {
    type: 'object',
    properties: {
      confirmed: { type: 'boolean', title: 'Confirmed' },
      day_rate: { type: 'integer', title: 'Day rate' },
      studies: {
        type: 'array',
        title: 'Case studies',
        items: { type: 'object', properties: { year: { type: 'integer', title: 'Year' }, client: { type: 'string', title: 'Client' } } },
      },
      address: {
        type: 'object',
        title: 'Address',
        properties: { postcode: { type: 'string' }, line_1: { type: 'string' }, city: { type: 'string' } },
      },
      mode: { type: 'string', title: 'Mode', enum: ['remote'] },
    },
  },
  uiSchema: {
    'ui:order': ['confirmed', 'day_rate', 'studies', 'address', 'mode'],
    day_rate: { 'ui:options': { money: true } },
    studies: { items: { 'ui:order': ['client', 'year'] } },
    address: { 'ui:order': ['line_1', 'city', 'postcode'] },
    mode: { 'ui:enumNames': ['Remotely'] },
  },
};

function answerTo(question: string): HTMLElement {
  const term = screen.getByText(question, { selector: 'dt' });
  const row = term.parentElement as HTMLElement;
  return within(row).getByRole('definition');
}

describe('AnswersSummary', () => {
  it('reads each answer as a person would: yes/no, dollars, entries of a repeating group, an address in order, choice labels', () => {
    render(
      <AnswersSummary
        steps={[step]}
        answers={{
          confirmed: true,
          day_rate: 1450,
          studies: [{ year: 2024, client: 'A council' }, { year: 2023, client: 'A ministry' }],
          address: { postcode: '6011', city: 'Wellington', line_1: '1 Lambton Quay' },
          mode: 'remote',
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your capability' })).toBeTruthy();
    expect(answerTo('Confirmed').textContent).toBe('Yes');
    expect(answerTo('Day rate').textContent).toBe('$1,450');
    const studies = within(answerTo('Case studies')).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(studies.map((item) => item.textContent)).toEqual(['Client: A councilYear: 2024', 'Client: A ministryYear: 2023']);
    expect(within(answerTo('Address')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 Lambton Quay', 'Wellington', '6011']);
    expect(answerTo('Mode').textContent).toBe('Remotely');
  });

  it('says when a step has no answers yet', () => {
    render(<AnswersSummary steps={[step]} answers={{}} />);
    expect(screen.getByText('Not answered yet.')).toBeTruthy();
  });
});

describe('AnswersSummary dates', () => {
  it("shows a date answer as '15 January 2027', the portal's one date format", () => {
    const dated: FormStep = {
      id: 'when',
      title: 'When',
      schema: { type: 'object', properties: { available_from: { type: 'string', title: 'Available from' } } },
      uiSchema: { available_from: { 'ui:widget': 'date' } },
    };
    render(<AnswersSummary steps={[dated]} answers={{ available_from: '2027-01-15' }} />);
    expect(screen.getByText('15 January 2027')).toBeTruthy();
  });
});

describe('AnswersSummary of the reporting forms', () => {
  // As the engagement notice and billing report definitions declare them (server/db/content/reporting-forms.ts).
  const notice: FormStep = {
    id: 'engagement',
    title: 'The engagement',
    schema: {
      type: 'object',
      properties: {
        agency: { type: 'integer', title: 'Agency' },
        services: { type: 'array', title: 'Services', items: { type: 'integer' } },
        value: { type: 'integer', title: 'Value' },
      },
    },
    uiSchema: {
      'ui:order': ['agency', 'services', 'value'],
      agency: { 'ui:widget': 'source-select', 'ui:options': { source: 'engagement-notice/agency' } },
      services: { 'ui:widget': 'source-checkboxes', 'ui:options': { source: 'service?approved=true' } },
      value: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
    },
  };
  const report: FormStep = {
    id: 'report',
    title: 'The report',
    schema: {
      type: 'object',
      properties: {
        engagement_notice: { type: 'integer', title: 'Engagement notice' },
        billing_period: { type: 'string', title: 'Billing period' },
        lines: {
          type: 'array',
          title: 'Amounts billed',
          items: { type: 'object', properties: { service: { type: 'integer', title: 'Service' }, amount: { type: 'integer', title: 'Amount' } } },
        },
      },
    },
    uiSchema: {
      'ui:order': ['engagement_notice', 'billing_period', 'lines'],
      engagement_notice: { 'ui:widget': 'source-select', 'ui:options': { source: 'billing-report/engagement-notices' } },
      billing_period: { 'ui:widget': 'month' },
      lines: {
        items: {
          service: { 'ui:widget': 'source-select', 'ui:options': { source: 'billing-report/services', sourceQuery: { engagementNotice: 'engagement_notice' } } },
          amount: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
        },
      },
    },
  };
  const SERVICES = [
    { id: 11, title: 'Design', catalogue: { id: 1, title: 'Digital' }, label: 'Design - (Digital)' },
    { id: 12, title: 'Testing', catalogue: { id: 1, title: 'Digital' }, label: 'Testing - (Digital)' },
  ];

  function renderSummary(steps: FormStep[], answers: FormData, sourceLabel?: SourceLabel) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AnswersSummary steps={steps} answers={answers} sourceLabel={sourceLabel} />
      </QueryClientProvider>,
    );
  }

  it('reads cents as dollars and a month as its name', () => {
    api.apiFetch.mockResolvedValue([]);
    renderSummary([notice, report], { value: 123456, billing_period: '2026-03' });
    expect(answerTo('Value').textContent).toBe('$1,234.56');
    expect(answerTo('Billing period').textContent).toBe('March 2026');
  });

  it('names chosen ids by the caller’s labels, without asking the API', () => {
    const labels: Record<string, Record<number, string>> = {
      'engagement-notice/agency': { 4: 'Ministry of Examples' },
      'service?approved=true': { 11: 'Design - (Digital)', 12: 'Testing - (Digital)' },
    };
    renderSummary([notice], { agency: 4, services: [12, 11] }, (source, value) => labels[source]?.[value]);
    expect(answerTo('Agency').textContent).toBe('Ministry of Examples');
    expect(within(answerTo('Services')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Testing - (Digital)', 'Design - (Digital)']);
    expect(api.apiFetch).not.toHaveBeenCalled();
  });

  it('looks labels up in the source lists otherwise, the line services with the notice chosen, each line "service: amount"', async () => {
    api.apiFetch.mockImplementation((path: string) => {
      if (path === 'billing-report/engagement-notices') {
        return Promise.resolve([{ id: 7, title: 'Website rebuild', agencyName: 'Ministry of Examples', reference: null, label: 'Website rebuild (Ministry of Examples)', reportedPeriods: [] }]);
      }
      if (path === 'billing-report/services?engagementNotice=7') {
        return Promise.resolve(SERVICES);
      }
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    renderSummary([report], {
      engagement_notice: 7,
      billing_period: '2026-03',
      lines: [
        { service: 11, amount: 120000 },
        { service: 99, amount: 5 },
      ],
    });
    await waitFor(() => expect(answerTo('Engagement notice').textContent).toBe('Website rebuild (Ministry of Examples)'));
    const lines = within(answerTo('Amounts billed')).getAllByRole('listitem');
    await waitFor(() => expect(lines.map((line) => line.textContent)).toEqual(['Design - (Digital): $1,200.00', `${NOT_IN_SOURCE_LIST}: $0.05`]));
  });

  it('adds up a billing report’s lines in a Total after them, in dollars', () => {
    const labels: Record<number, string> = { 11: 'Design - (Digital)', 12: 'Testing - (Digital)' };
    renderSummary([report], { lines: [{ service: 11, amount: 120000 }, { service: 12, amount: 34505 }] }, (_source, value) => labels[value]);
    expect(answerTo('Total').textContent).toBe('$1,545.05');
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.indexOf('Total')).toBe(terms.indexOf('Amounts billed') + 1);
  });

  it('shows no Total for answers that are not lines of amounts (a list of services, an amount alone)', () => {
    const labels: Record<number, string> = { 11: 'Design - (Digital)' };
    renderSummary([notice], { services: [11], value: 123456 }, (_source, value) => labels[value]);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).not.toContain('Total');
  });

  it('says so when a list cannot be loaded, never showing the raw id', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(500, null));
    renderSummary([notice], { agency: 4 });
    await waitFor(() => expect(answerTo('Agency').textContent).toBe('Could not be loaded'));
  });
});

describe('a list of choices', () => {
  const choices: FormStep = {
    id: 'delivery',
    title: 'Delivery',
    schema: {
      type: 'object',
      properties: {
        modes: { type: 'array', title: 'Modes', items: { type: 'string', enum: ['remote', 'on_site'] } },
        kinds: { type: 'array', title: 'Kinds', items: { type: 'string', enum: ['a', 'b'] } },
        regions: { type: 'array', title: 'Regions', items: { type: 'string', enum: ['Nelson', 'Otago'] } },
      },
    },
    uiSchema: {
      modes: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Remotely', 'On site'] },
      kinds: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['Kind A', 'Kind B'] } },
      regions: { 'ui:widget': 'checkboxes' },
    },
  };

  it('reads each choice by its label, named by the field or by its items, else as it is', () => {
    render(<AnswersSummary steps={[choices]} answers={{ modes: ['on_site', 'remote'], kinds: ['b'], regions: ['Nelson', 'Otago'] }} />);
    const answerOf = (question: string) => screen.getByText(question, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(answerOf('Modes')).toBe('On site, Remotely');
    expect(answerOf('Kinds')).toBe('Kind B');
    expect(answerOf('Regions')).toBe('Nelson, Otago');
  });
});
