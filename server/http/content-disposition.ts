/**
 * The one Content-Disposition builder of the server (uploads, every CSV download through csv-reply.ts, the outbox's
 * messages): `attachment` with an ASCII `filename` for old clients and the exact UTF-8 name in
 * RFC 5987 `filename*`, which current browsers prefer (RFC 6266), so 'Kōwhai.csv' keeps its macron.
 */

/** Longest name sent, in characters; a longer one is cut, keeping its extension. */
export const MAX_DISPOSITION_NAME_LENGTH = 150;

const FALLBACK_NAME = 'download';

/** Control characters (C0, DEL, C1) and path separators: never part of a name a browser saves. */
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f/\\]/g; // eslint-disable-line no-control-regex -- control characters are what it removes

/** Cuts a name to `max` characters (whole code points), keeping a short extension. */
function truncateName(name: string, max: number): string {
  const characters = Array.from(name);
  if (characters.length <= max) {
    return name;
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? Array.from(name.slice(dot)) : [];
  return [...characters.slice(0, max - extension.length), ...extension].join('');
}

/** The name as both parameters carry it: no control characters or folders, well-formed, bounded. */
function cleanName(fileName: string): string {
  const cleaned = fileName.toWellFormed().replace(UNSAFE_IN_NAME, '_').trim();
  return truncateName(cleaned === '' ? FALLBACK_NAME : cleaned, MAX_DISPOSITION_NAME_LENGTH);
}

/** Printable ASCII only: accents dropped ('Kōwhai' → 'Kowhai'), anything else unsafe in a quoted value as `_`. */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/** RFC 5987 value characters: encodeURIComponent leaves `'()*` as they are, which attr-char does not allow. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="<ASCII>"; filename*=UTF-8''<exact name>` for a download. */
export function attachmentDisposition(fileName: string): string {
  const name = cleanName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
