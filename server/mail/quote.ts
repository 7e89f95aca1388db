/**
 * Puts text someone typed (a name, a title) into a mail the portal sends, so it reads as a quotation
 * and never as the portal's own words: on one line, within curly quotes, cut to a length. A mail
 * like 'Kia ora Urgent: verify your account at https://…' cannot be written through the portal.
 */
const DEFAULT_MAX_LENGTH = 80;

export function quoteForMail(text: string, maxLength: number = DEFAULT_MAX_LENGTH): string {
  // Line breaks, tabs and the like become one space; direction overrides and other format characters go.
  const oneLine = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .replace(/\p{Cf}/gu, '')
    .trim();
  const characters = Array.from(oneLine);
  const cut = characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join('').trimEnd()}…` : oneLine;
  return `“${cut}”`;
}
