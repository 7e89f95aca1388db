import { describe, expect, it } from 'vitest';
import { answersOfStep, prefixKeys, stripKeyPrefixes } from './answers';

describe('stripKeyPrefixes', () => {
  it('removes a leading numeric prefix of any length and leaves other keys alone', () => {
    expect(stripKeyPrefixes({ '1_trading_name': 'Kauri', '12_nzbn': '9429041525746', website: 'https://a.nz', '1': 'x' })).toEqual({
      trading_name: 'Kauri',
      nzbn: '9429041525746',
      website: 'https://a.nz',
      '1': 'x',
    });
  });

  it('strips only the leading prefix, never digits inside a key, and keeps values as they are', () => {
    const address = { line_1: '1 Queen Street' };
    const stripped = stripKeyPrefixes({ '2_address_2_line': address, 'x_1_y': true });
    expect(stripped).toEqual({ address_2_line: address, x_1_y: true });
    expect(stripped.address_2_line).toBe(address);
  });
});

describe('prefixKeys and answersOfStep', () => {
  it('key a step\'s answers by its number and read them back', () => {
    const record = { ...prefixKeys(1, { nzbn: '9429041525746' }), ...prefixKeys(2, { website: 'https://a.nz' }) };
    expect(record).toEqual({ '1_nzbn': '9429041525746', '2_website': 'https://a.nz' });
    expect(answersOfStep(2, record)).toEqual({ website: 'https://a.nz' });
    expect(answersOfStep(12, { '12_a': 1, '1_b': 2 })).toEqual({ a: 1 });
  });
});
