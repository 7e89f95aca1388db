import { describe, expect, it } from 'vitest';
import {
  directoryCsvFileName,
  directoryCsvServiceCell,
  isSearchableKeyword,
  neutraliseCsvCell,
  shouldSearchTypedKeyword,
} from './directory';

describe('directory rules', () => {
  it('searches a typed keyword longer than 3 characters, or an emptied one', () => {
    expect(shouldSearchTypedKeyword('')).toBe(true);
    expect(shouldSearchTypedKeyword('   ')).toBe(true);
    expect(shouldSearchTypedKeyword('IT')).toBe(false);
    expect(shouldSearchTypedKeyword('abc')).toBe(false);
    expect(shouldSearchTypedKeyword(' abc ')).toBe(false);
    expect(shouldSearchTypedKeyword('abcd')).toBe(true);
    // Six code units, three letters with macrons: counted as a person counts them.
    expect(shouldSearchTypedKeyword('o\u0304o\u0304o\u0304')).toBe(false);
    expect(shouldSearchTypedKeyword('Tūīa')).toBe(true);
  });

  it('searches a submitted keyword of 2 or more characters, or none', () => {
    for (const keyword of ['', '  ', 'IT', 'HR', 'AI', 'UX', 'EAP', 'SOC', ' it ', 'Tūī']) {
      expect(isSearchableKeyword(keyword), keyword).toBe(true);
    }
    for (const keyword of ['a', ' I ', 'ō', 'o\u0304', '😀', '👍🏽']) {
      expect(isSearchableKeyword(keyword), keyword).toBe(false);
    }
  });

  it('names the CSV file after the filters, lowercase and joined by hyphens', () => {
    expect(directoryCsvFileName([])).toBe('approved-suppliers.csv');
    expect(directoryCsvFileName(['Digital and ICT', 'Cloud Services'])).toBe('approved-suppliers-digital and ict-cloud services.csv');
    expect(directoryCsvFileName(['', 'Security'])).toBe('approved-suppliers-security.csv');
  });

  it('fills the Service column from the chosen service, else the first, else N/A', () => {
    expect(directoryCsvServiceCell('Penetration testing', [{ title: 'Cloud hosting' }])).toBe('Penetration testing');
    expect(directoryCsvServiceCell(null, [{ title: 'Cloud hosting' }, { title: 'Backup' }])).toBe('Cloud hosting');
    expect(directoryCsvServiceCell(null, [])).toBe('N/A');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const dangerous of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx']) {
      expect(neutraliseCsvCell(dangerous)).toBe(`'${dangerous}`);
    }
    expect(neutraliseCsvCell('Kōwhai Digital')).toBe('Kōwhai Digital');
  });
});
