import { describe, expect, it } from 'vitest';
import { supplierChangeQueueQuery } from './supplier-change-queue-screen';

describe("the supplier change queue's URL", () => {
  it('reads the status, the page and the change the page starts from, and ignores what the API would refuse', () => {
    expect(supplierChangeQueueQuery(new URLSearchParams(''))).toEqual({ status: 'pending', page: 1 });
    expect(supplierChangeQueueQuery(new URLSearchParams('status=approved&page=4&after=812'))).toEqual({ status: 'approved', page: 4, after: 812 });
    expect(supplierChangeQueueQuery(new URLSearchParams('page=2&before=31'))).toEqual({ status: 'pending', page: 2, before: 31 });
    for (const search of ['status=bogus', 'page=0', 'after=0', 'after=1.5', 'after=1&before=2']) {
      expect(supplierChangeQueueQuery(new URLSearchParams(search)), search).toEqual({ status: 'pending', page: 1 });
    }
  });
});
