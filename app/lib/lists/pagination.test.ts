import { describe, expect, it } from 'vitest';
import { pageCount } from './pagination';

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount({ total: 0, pageSize: 25 })).toBe(1);
    expect(pageCount({ total: 25, pageSize: 25 })).toBe(1);
    expect(pageCount({ total: 26, pageSize: 25 })).toBe(2);
  });
});
