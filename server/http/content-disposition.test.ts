import { describe, expect, it } from 'vitest';
import { attachmentDisposition, MAX_DISPOSITION_NAME_LENGTH } from './content-disposition';

/** The two parameters of a disposition, decoded. */
function parameters(disposition: string): { fallback: string; exact: string } {
  const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(disposition);
  if (!match?.[1] || !match[2]) {
    throw new Error(`not an attachment disposition: ${disposition}`);
  }
  return { fallback: match[1], exact: decodeURIComponent(match[2]) };
}

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is in both parameters', () => {
    expect(attachmentDisposition('Quote 2026.pdf')).toBe(`attachment; filename="Quote 2026.pdf"; filename*=UTF-8''Quote%202026.pdf`);
  });

  it('keeps macrons in filename* and drops only the accents in the ASCII fallback', () => {
    expect(attachmentDisposition('Kōwhai services.csv')).toBe(
      `attachment; filename="Kowhai services.csv"; filename*=UTF-8''K%C5%8Dwhai%20services.csv`,
    );
    expect(parameters(attachmentDisposition('Māori – 日本.txt'))).toEqual({ fallback: 'Maori _ __.txt', exact: 'Māori – 日本.txt' });
  });

  it('escapes quotes, backslashes and percent signs, and the characters RFC 5987 does not allow bare', () => {
    expect(attachmentDisposition('a"b\\c%d.csv')).toBe(`attachment; filename="a_b_c_d.csv"; filename*=UTF-8''a%22b_c%25d.csv`);
    expect(attachmentDisposition("it's (draft)*.txt")).toBe(`attachment; filename="it's (draft)*.txt"; filename*=UTF-8''it%27s%20%28draft%29%2A.txt`);
  });

  it('removes control characters and path separators from both parameters', () => {
    const { fallback, exact } = parameters(attachmentDisposition('../../etc/pass\u0000wd\r\nSet-Cookie: x\u007f\u0085.txt'));
    expect(fallback).toBe('.._.._etc_pass_wd__Set-Cookie: x__.txt');
    expect(exact).toBe(fallback);
    expect(attachmentDisposition('C:\\Users\\me\\report.pdf')).toContain('filename="C:_Users_me_report.pdf"');
  });

  it('names an empty or blank name "download" and replaces a lone surrogate', () => {
    expect(parameters(attachmentDisposition(''))).toEqual({ fallback: 'download', exact: 'download' });
    expect(parameters(attachmentDisposition('  '))).toEqual({ fallback: 'download', exact: 'download' });
    expect(parameters(attachmentDisposition('a\ud800.txt'))).toEqual({ fallback: 'a_.txt', exact: 'a\ufffd.txt' });
  });

  it('cuts a very long name to the limit, whole characters, keeping the extension', () => {
    const { fallback, exact } = parameters(attachmentDisposition(`${'ō'.repeat(500)}😀😀.csv`));
    expect(Array.from(exact)).toHaveLength(MAX_DISPOSITION_NAME_LENGTH);
    expect(exact.endsWith('ō.csv')).toBe(true);
    expect(fallback).toBe(`${'o'.repeat(MAX_DISPOSITION_NAME_LENGTH - 4)}.csv`);
    const emoji = parameters(attachmentDisposition('😀'.repeat(400))).exact;
    expect(Array.from(emoji)).toEqual(Array.from('😀'.repeat(MAX_DISPOSITION_NAME_LENGTH)));
  });
});
