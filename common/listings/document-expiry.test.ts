import { describe, expect, it } from 'vitest';
import { daysUntil, dueDocumentReminder, isDocumentExpired, newZealandDate } from './document-expiry';

describe('listing document expiry', () => {
  it('reads today on the New Zealand clock', () => {
    // 11:30 am UTC on 29 November is 12:30 am on 30 November in Auckland (daylight time).
    expect(newZealandDate(new Date('2026-11-29T11:30:00Z'))).toBe('2026-11-30');
    expect(newZealandDate(new Date('2026-11-29T10:30:00Z'))).toBe('2026-11-29');
  });

  it('counts whole days to a date, across a month end', () => {
    expect(daysUntil('2026-11-29', '2026-12-27')).toBe(28);
    expect(daysUntil('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysUntil('2026-11-29', '2026-11-28')).toBe(-1);
  });

  it('reminds 28 days before, then 7, and only the nearest for a document added late', () => {
    expect([40, 29, 28, 20, 8, 7, 3, 0, -1].map(dueDocumentReminder)).toEqual([null, null, 28, 28, 28, 7, 7, 7, null]);
  });

  it('counts a document as expired the day after its expiry date', () => {
    expect(isDocumentExpired('2026-11-29', '2026-11-29')).toBe(false);
    expect(isDocumentExpired('2026-11-28', '2026-11-29')).toBe(true);
  });
});
