import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, applicationStatusTone, areServicesDecidable, isApplicationEditable, teamMovesFrom } from './application-stages';

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

describe('the team\'s moves and decisions', () => {
  it('moves each stage to the next or to Declined, and nothing from a draft or a final stage', () => {
    expect(Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, teamMovesFrom(status)]))).toEqual({
      incomplete: [],
      submitted: ['pre_assessment', 'declined'],
      pre_assessment: ['in_progress', 'declined'],
      in_progress: ['granted', 'declined'],
      granted: ['listing_validation', 'declined'],
      listing_validation: ['published', 'declined'],
      published: [],
      declined: [],
    });
  });

  it('decides on services only while the application is assessed', () => {
    expect(APPLICATION_STATUSES.filter(areServicesDecidable)).toEqual(['submitted', 'pre_assessment', 'in_progress']);
  });
});
