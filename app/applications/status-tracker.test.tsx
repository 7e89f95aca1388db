// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusTracker } from './status-tracker';

afterEach(cleanup);

function stages() {
  return within(screen.getByRole('list', { name: 'Application progress' })).getAllByRole('listitem');
}

describe('StatusTracker (spec §4)', () => {
  it('lists the six stages in order, dates those reached and marks the current one', () => {
    render(
      <StatusTracker
        status="pre_assessment"
        statusTimestamps={{ incomplete: '2026-05-01T01:00:00.000Z', submitted: '2026-05-02T01:00:00.000Z', pre_assessment: '2026-05-03T01:00:00.000Z' }}
        productName="Test Market"
      />,
    );
    const items = stages();
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Submitted',
      'Pre-assessment',
      'In Progress',
      'Application for service(s) granted. Complete listing details.',
      'Service Listing Validation',
      'Service Listing(s) Published',
    ]);
    expect(items[0]?.textContent).toContain('Reached 2 May 2026');
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items[2]?.textContent).toContain('Not reached yet');
    // The product's own name, wherever the spec writes {product}.
    expect(items[3]?.textContent).toContain('by mail to the Test Market team.');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('shows Declined, as the current stage, only for a declined application', () => {
    render(<StatusTracker status="declined" statusTimestamps={{ submitted: '2026-05-02T01:00:00.000Z', declined: '2026-05-04T01:00:00.000Z' }} productName="Test Market" />);
    const items = stages();
    expect(items).toHaveLength(7);
    expect(items[6]?.textContent).toContain('Declined');
    expect(items[6]?.textContent).toContain('The reasons are in its messages.');
    expect(items[6]?.getAttribute('aria-current')).toBe('step');
  });
});
