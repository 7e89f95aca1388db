import { describe, expect, it } from 'vitest';
import {
  BUSINESS_NUMBER_MESSAGES,
  businessNumberError,
  businessNumbers,
  isValidAbn,
  isValidAcn,
  isValidBusinessNumber,
  isValidNzbn,
  isValidNzGstNumber,
  POSTCODE_PATTERN,
} from './business-numbers';

describe('isValidNzbn', () => {
  it('accepts NZBNs with a valid GS1 check digit', () => {
    expect(isValidNzbn('9429041525746')).toBe(true);
    expect(isValidNzbn('9429 0415 2574 6')).toBe(true);
  });

  it('rejects a wrong check digit, a wrong length, a non-94 prefix or non-digits', () => {
    expect(isValidNzbn('9429041525747')).toBe(false);
    expect(isValidNzbn('942904152574')).toBe(false);
    expect(isValidNzbn('94290415257460')).toBe(false);
    expect(isValidNzbn('9529041525745')).toBe(false);
    expect(isValidNzbn('94290415257a6')).toBe(false);
    expect(isValidNzbn('')).toBe(false);
  });
});

describe('isValidAbn', () => {
  it('accepts ABNs that pass the ATO checksum', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51 824 753 556')).toBe(true);
  });

  it('rejects a bad checksum, a wrong length, a leading zero or non-digits', () => {
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('15824753556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('01824753556')).toBe(false);
    expect(isValidAbn('5182475355x')).toBe(false);
  });
});

describe('isValidAcn', () => {
  it('accepts ACNs with a valid check digit', () => {
    expect(isValidAcn('000000019')).toBe(true);
    expect(isValidAcn('000 250 000')).toBe(true);
    expect(isValidAcn('005499981')).toBe(true);
    expect(isValidAcn('010499966')).toBe(true);
  });

  it('rejects a wrong check digit, a wrong length or non-digits', () => {
    expect(isValidAcn('000000018')).toBe(false);
    expect(isValidAcn('00000019')).toBe(false);
    expect(isValidAcn('0000000190')).toBe(false);
    expect(isValidAcn('00000001a')).toBe(false);
  });
});

describe('isValidNzGstNumber', () => {
  it('accepts IRD numbers with a valid check digit, with or without hyphens, 8 or 9 digits', () => {
    expect(isValidNzGstNumber('49091850')).toBe(true);
    expect(isValidNzGstNumber('49-091-850')).toBe(true);
    expect(isValidNzGstNumber('35901981')).toBe(true);
    expect(isValidNzGstNumber('49098576')).toBe(true);
    // The primary weights give 10 here, so the secondary weights decide.
    expect(isValidNzGstNumber('136410132')).toBe(true);
  });

  it('rejects a wrong check digit, a number out of range or the wrong shape', () => {
    expect(isValidNzGstNumber('136410133')).toBe(false);
    expect(isValidNzGstNumber('49091851')).toBe(false);
    expect(isValidNzGstNumber('9125568')).toBe(false);
    expect(isValidNzGstNumber('150000001')).toBe(false);
    expect(isValidNzGstNumber('49O91850')).toBe(false);
  });
});

describe('POSTCODE_PATTERN', () => {
  const isValidPostcode = (value: string) => new RegExp(POSTCODE_PATTERN).test(value);
  it('accepts four digits and nothing else', () => {
    expect(isValidPostcode('6011')).toBe(true);
    expect(isValidPostcode('0600')).toBe(true);
    expect(isValidPostcode('601')).toBe(false);
    expect(isValidPostcode('60111')).toBe(false);
    expect(isValidPostcode('SW1A')).toBe(false);
  });
});

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

describe('businessNumberError', () => {
  it('says nothing of a valid number however it is spaced or hyphenated', () => {
    expect(businessNumberError('abn', '51 824 753 556')).toBeUndefined();
    expect(businessNumberError('abn', '51-824-753-556')).toBeUndefined();
    expect(businessNumberError('acn', '004 085 616')).toBeUndefined();
    expect(isValidBusinessNumber('nzbn', '9429041234566')).toBe(isValidNzbn('9429041234566'));
  });

  it('names the answer and says what a valid number of its kind looks like', () => {
    expect(businessNumberError('abn', '51 824 753 557')).toEqual({ path: ['abn'], message: BUSINESS_NUMBER_MESSAGES.abn });
    expect(businessNumberError('nzbn', '1234')).toEqual({ path: ['nzbn'], message: BUSINESS_NUMBER_MESSAGES.nzbn });
    expect(businessNumberError('acn', '004 085 617')).toEqual({ path: ['acn'], message: BUSINESS_NUMBER_MESSAGES.acn });
  });
});
