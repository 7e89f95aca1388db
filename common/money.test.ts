import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents, parseDollarsToCents } from './money';

describe('parseDollarsToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['.5', 50],
    ['1,234.56', 123456],
    ['1,234,567', 123456700],
    ['$3', 300],
    ['$1,234', 123400],
    [' 7 ', 700],
    ['-5', -500],
    ['-$5.25', -525],
    ['$-5.25', -525],
    ['0', 0],
    ['-0', 0],
  ])('reads %j as %d cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each(['', '   ', '$', '-', '.', '12.345', 'abc', '12abc', '1,23', '12,3456', '1.2.3', '12 000', '--5', '1e3', '9'.repeat(20)])(
    'refuses %j',
    (text) => {
      expect(parseDollarsToCents(text)).toBeUndefined();
    },
  );

  it('gives back what centsToDecimal shows', () => {
    for (const cents of [0, 5, 99, 100, 123456, -2550]) {
      expect(parseDollarsToCents(centsToDecimal(cents))).toBe(cents);
    }
  });
});

describe('formatCents', () => {
  it('groups dollars and keeps two decimals', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(120000)).toBe('$1,200.00');
    expect(formatCents(-5)).toBe('-$0.05');
  });
});
