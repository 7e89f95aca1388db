import { describe, expect, it } from 'vitest';
import { businessNumbers } from './business-number';

describe('businessNumbers', () => {
  it('names each number and groups it as people read it', () => {
    expect(businessNumbers({ nzbn: '9429041234566', abn: null, acn: null })).toEqual(['NZBN 9429041234566']);
    expect(businessNumbers({ nzbn: null, abn: '51824753556', acn: '004085616' })).toEqual(['ABN 51 824 753 556', 'ACN 004 085 616']);
    expect(businessNumbers({ nzbn: null, abn: '51 824 753 556', acn: null })).toEqual(['ABN 51 824 753 556']);
  });
  it('leaves a number of an unexpected length as it was given, and says nothing of none', () => {
    expect(businessNumbers({ nzbn: null, abn: '12345', acn: null })).toEqual(['ABN 12345']);
    expect(businessNumbers({ nzbn: null, abn: null, acn: null })).toEqual([]);
  });
});
