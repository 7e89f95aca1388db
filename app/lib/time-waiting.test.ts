import { describe, expect, it } from 'vitest';
import { timeWaiting } from './time-waiting';

describe('timeWaiting', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('counts whole days, saying less than a day for the first', () => {
    expect(timeWaiting('2026-11-24T01:00:00Z', now)).toBe('Less than a day');
    expect(timeWaiting('2026-11-23T11:00:00Z', now)).toBe('1 day');
    expect(timeWaiting('2026-11-18T09:00:00Z', now)).toBe('6 days');
    expect(timeWaiting('2023-11-24T12:00:00Z', now)).toBe('1,096 days');
  });
  it('reads a date in the future or an unreadable one as less than a day', () => {
    expect(timeWaiting('2026-11-25T12:00:00Z', now)).toBe('Less than a day');
    expect(timeWaiting('not a date', now)).toBe('Less than a day');
  });
});
