// @vitest-environment jsdom
import '../../test/jsdom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormStep } from '../../../common/forms/definition';
import { AnswersSummary } from './answers-summary';

afterEach(cleanup);

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
