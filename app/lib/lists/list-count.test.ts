import { describe, expect, it } from 'vitest';
import { listCount } from './list-count';

describe('listCount', () => {
  it('names one, many with the thousands marked, and more than a count that stopped', () => {
    expect(listCount({ total: 1 }, 'listing', 'listings')).toBe('1 listing');
    expect(listCount({ total: 0 }, 'listing', 'listings')).toBe('0 listings');
    expect(listCount({ total: 2400, totalIsCapped: false }, 'listing', 'listings')).toBe('2,400 listings');
    expect(listCount({ total: 10_025, totalIsCapped: true }, 'listing', 'listings')).toBe('More than 10,025 listings');
  });
});
