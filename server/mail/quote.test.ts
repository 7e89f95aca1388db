import { describe, expect, it } from 'vitest';
import { quoteForMail } from './quote';

describe('quoteForMail', () => {
  it('quotes the text on one line', () => {
    expect(quoteForMail('Kōwhai Digital')).toBe('“Kōwhai Digital”');
    expect(quoteForMail('Urgent:\n\nverify your account\tat https://example.test')).toBe('“Urgent: verify your account at https://example.test”');
  });

  it('removes direction overrides and other invisible format characters', () => {
    expect(quoteForMail('abc\u202Eexe.pdf\u200B')).toBe('“abcexe.pdf”');
  });

  it('cuts long text, counting characters as people do', () => {
    expect(quoteForMail('ā'.repeat(100), 10)).toBe(`“${'ā'.repeat(9)}…”`);
  });
});
