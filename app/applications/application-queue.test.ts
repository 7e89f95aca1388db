import { describe, expect, it } from 'vitest';
import { THREAD_CONTENT_MAX_LENGTH } from '../../common/api/threads';
import { isApplicationOverdue, queuePath, queueQuery } from './application-queue';
import { declineReasonsProblem, REASONS_REQUIRED_MESSAGE, REASONS_TOO_LONG_MESSAGE } from './decline-application-form';

describe('the queue URL', () => {
  it('reads a stage and a page, and ignores what the API would refuse', () => {
    expect(queueQuery(new URLSearchParams('status=in_progress&page=3'))).toEqual({ status: 'in_progress', page: 3 });
    expect(queueQuery(new URLSearchParams(''))).toEqual({});
    expect(queueQuery(new URLSearchParams('status=published&page=4&after=812'))).toEqual({ status: 'published', page: 4, after: 812 });
    // A draft is never in the team's queue; unknown stages and malformed pages are the default.
    for (const search of ['status=incomplete', 'status=approved', 'page=0', 'page=-1', 'page=x', 'page=1e3', 'page=100000']) {
      expect(queueQuery(new URLSearchParams(search)), search).toEqual({});
    }
  });

  it('asks the API for that stage and page only when set', () => {
    expect(queuePath({})).toBe('admin/applications');
    expect(queuePath({ page: 1 })).toBe('admin/applications');
    expect(queuePath({ status: 'declined', page: 2 })).toBe('admin/applications?page=2&status=declined');
    expect(queuePath({ page: 2, before: 31 })).toBe('admin/applications?before=31&page=2');
  });
});


describe('the reasons for declining', () => {
  it('are required, and at most what a message holds', () => {
    expect(declineReasonsProblem('')).toBe(REASONS_REQUIRED_MESSAGE);
    expect(declineReasonsProblem('  \n ')).toBe(REASONS_REQUIRED_MESSAGE);
    expect(declineReasonsProblem('x'.repeat(THREAD_CONTENT_MAX_LENGTH + 1))).toBe(REASONS_TOO_LONG_MESSAGE);
    expect(declineReasonsProblem(` ${'x'.repeat(THREAD_CONTENT_MAX_LENGTH)} `)).toBeNull();
    expect(declineReasonsProblem('Your insurance certificates have expired.')).toBeNull();
  });
});

describe('an overdue application', () => {
  // Tuesday 24 November 2026, noon in Auckland.
  const now = new Date('2026-11-23T23:00:00.000Z');

  it('is one waiting more than the review target in working days, in a stage the team still acts on', () => {
    const waitingSince = (stageReachedAt: string, status: 'submitted' | 'in_progress' | 'published' | 'declined' = 'submitted') => ({ status, stageReachedAt });
    // Three weeks: 15 working days.
    expect(isApplicationOverdue(waitingSince('2026-11-03T00:00:00.000Z'), now, 10)).toBe(true);
    expect(isApplicationOverdue(waitingSince('2026-11-03T00:00:00.000Z', 'in_progress'), now, 10)).toBe(true);
    // One week: 5 working days.
    expect(isApplicationOverdue(waitingSince('2026-11-17T00:00:00.000Z'), now, 10)).toBe(false);
    // Published and Declined are done: nothing waits on the team.
    expect(isApplicationOverdue(waitingSince('2026-01-01T00:00:00.000Z', 'published'), now, 10)).toBe(false);
    expect(isApplicationOverdue(waitingSince('2026-01-01T00:00:00.000Z', 'declined'), now, 10)).toBe(false);
    // Until the target is known, nothing is marked.
    expect(isApplicationOverdue(waitingSince('2026-01-01T00:00:00.000Z'), now, undefined)).toBe(false);
  });
});
