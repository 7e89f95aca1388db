import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, applicationStatusTone, isApplicationEditable } from './application-stages';

describe('isApplicationEditable', () => {
  it('lets the supplier change an application only while it is incomplete', () => {
    expect(APPLICATION_STATUSES.filter(isApplicationEditable)).toEqual(['incomplete']);
  });
});

describe('applicationStatusTone', () => {
  it('colours each status by what it asks of the supplier', () => {
    expect(Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, applicationStatusTone(status)]))).toEqual({
      incomplete: 'draft',
      submitted: 'waiting',
      pre_assessment: 'waiting',
      in_progress: 'waiting',
      granted: 'action',
      listing_validation: 'waiting',
      published: 'done',
      declined: 'refused',
    });
  });
});
