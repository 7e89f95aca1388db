import { describe, expect, it } from 'vitest';
import { agencyQueueQuery } from './agency-queue-screen';

describe('the agency registrations queue\'s URL', () => {
  it('reads the waiting ones on page 1 unless it says otherwise', () => {
    expect(agencyQueueQuery(new URLSearchParams(''))).toEqual({ status: 'submitted', page: 1 });
    expect(agencyQueueQuery(new URLSearchParams('status=approved&page=2'))).toEqual({ status: 'approved', page: 2 });
  });
});
