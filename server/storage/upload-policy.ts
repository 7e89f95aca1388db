/**
 * What a user may upload: at most UPLOAD_MAX_BYTES, of a type on the allow-list as recognised from
 * the bytes (the name and the browser's Content-Type are the user's claims, not evidence), under a
 * file name that is safe on any disk and in any header.
 *
 * With @fastify/multipart, an upload route reads the one file like this:
 *
 *   const part = await request.file({ limits: { fileSize: config.uploadMaxBytes, files: 1 } });
 *   const bytes = await readLimited(part.file, config.uploadMaxBytes);   // 413 past the limit
 *   const upload = await inspectUpload(bytes, part.filename);             // 415 for a refused type
 *   await storage.put(key, bytes, { contentType: upload.contentType, size: bytes.length });
 *
 * busboy stops at `fileSize` and marks the stream `truncated` instead of failing, so the limit
 * must be checked after reading: readLimited does, and also stops any other stream at the limit.
 */
import { fileTypeFromBuffer } from 'file-type';
import { AppError, ErrorCode } from '../errors';

export interface UploadType {
  /** Media type without parameters, e.g. `application/pdf`. */
  mime: string;
  /** The usual extension for the type, without the dot. */
  extension: string;
}

export interface AcceptedUpload extends UploadType {
  /** The type as a Content-Type header value (text types name their UTF-8 charset). */
  contentType: string;
  /** The user's name for the file, made safe, ending with an extension that matches the content. */
  fileName: string;
  size: number;
}

/**
 * Recognised by file-type from the content. Left out on purpose: plain ZIP (an arbitrary
 * container, anything can travel inside), macro-enabled Office files (docm, xlsm, pptm), legacy
 * Office (file-type sees only a CFB container, which also carries .msi installers), SVG and HTML
 * (they run script when opened in a browser).
 */
const ALLOWED_TYPES: Readonly<Record<string, UploadType>> = Object.fromEntries(
  (
    [
      ['application/pdf', 'pdf'],
      ['image/png', 'png'],
      ['image/jpeg', 'jpg'],
      ['image/gif', 'gif'],
      ['image/webp', 'webp'],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
      ['application/vnd.oasis.opendocument.text', 'odt'],
      ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
      ['application/vnd.oasis.opendocument.presentation', 'odp'],
    ] as const
  ).map(([mime, extension]) => [mime, { mime, extension }]),
);

const PLAIN_TEXT: UploadType = { mime: 'text/plain', extension: 'txt' };
const CSV: UploadType = { mime: 'text/csv', extension: 'csv' };

/** Extensions a user's file name may keep for each detected extension; any other gets the right one added. */
const EXTENSION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg', 'jpeg'],
  txt: ['txt', 'text'],
};

export const UPLOAD_EMPTY_MESSAGE = 'The selected file is empty.';
export const UPLOAD_PATH_MESSAGE = 'The file name must not contain a folder path.';
export const UPLOAD_TYPE_MESSAGE =
  'This type of file cannot be uploaded. Upload a PDF, a Word, Excel or PowerPoint document, an OpenDocument file, an image (PNG, JPEG, GIF or WebP), or a text or CSV file.';

export function uploadTooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${formatBytes(maxBytes)}. Upload a file of ${formatBytes(maxBytes)} or less.`;
}

/** `10 MB`, `1.5 MB`, `500 KB`: binary units, as operating systems show file sizes. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')} ${units[unit] ?? 'bytes'}`;
}

/** Tab, line feed, form feed and carriage return: the only control characters text files carry. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** A NUL or another C0 control, or DEL: the sign of a binary file. */
function hasBinaryControl(bytes: Uint8Array): boolean {
  return bytes.some((byte) => (byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f);
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (hasBinaryControl(bytes)) {
    return false;
  }
  try {
    // `stream`: a head cut in the middle of a character is still text.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an upload from its content, or null when it is not allowed. Pass the whole file
 * when you have it: Office files are recognised by entries inside their ZIP container. Text has
 * no signature, so it is accepted when it is UTF-8 without control characters; the name decides
 * only between plain text and CSV.
 */
export async function detectUploadType(head: Uint8Array, fileName = ''): Promise<UploadType | null> {
  if (head.length === 0) {
    return null;
  }
  const detected = await fileTypeFromBuffer(head);
  if (detected !== undefined) {
    return ALLOWED_TYPES[detected.mime] ?? null;
  }
  if (!isUtf8Text(head)) {
    return null;
  }
  return /\.csv$/i.test(fileName.trim()) ? CSV : PLAIN_TEXT;
}

const WINDOWS_RESERVED_NAME = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const MAX_FILE_NAME_LENGTH = 120;
/** An extension longer than this is more likely part of the name. */
const MAX_EXTENSION_LENGTH = 16;

function splitExtension(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot - 1 > MAX_EXTENSION_LENGTH || dot === name.length - 1) {
    return { base: name, extension: '' };
  }
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

/** At most `max` characters, counted and cut by code point so no emoji is split in half. */
function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/**
 * A user's file name made safe to store, show and send in a Content-Disposition header: the last
 * path segment only (`/` or `\`), no control or invisible formatting characters (a right-to-left
 * override can disguise `exe.pdf`), none of `<>:"|?*`, whitespace collapsed, no leading dots,
 * Windows device names prefixed, at most 120 characters keeping the extension; 'file' if nothing
 * is left.
 */
export function sanitizeFileName(name: string): string {
  let clean = name.normalize('NFC');
  clean = clean.split(/[/\\]/).pop() ?? '';
  clean = clean
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^[.\s]+/, '')
    // Windows drops trailing dots and spaces, which would change the name under us.
    .replace(/[.\s]+$/, '');
  const { extension } = splitExtension(clean);
  let { base } = splitExtension(clean);
  if (WINDOWS_RESERVED_NAME.test((base.split('.')[0] ?? '').trim())) {
    base = `_${base}`;
  }
  base = truncate(base, MAX_FILE_NAME_LENGTH - Array.from(extension).length).trimEnd();
  if (base === '') {
    return extension === '' ? 'file' : `file${extension}`;
  }
  return `${base}${extension}`;
}

/** The sanitised name, with the detected type's extension added when the name claims another type. */
function nameForType(fileName: string, type: UploadType): string {
  const safe = sanitizeFileName(fileName);
  const { extension } = splitExtension(safe);
  const accepted = EXTENSION_ALIASES[type.extension] ?? [type.extension];
  if (accepted.includes(extension.slice(1).toLowerCase())) {
    return safe;
  }
  const suffix = `.${type.extension}`;
  // The claimed extension stays visible ("photo.exe.png"): the user recognises their file.
  return `${truncate(safe, MAX_FILE_NAME_LENGTH - suffix.length).replace(/[.\s]+$/, '')}${suffix}`;
}

/** Checks an upload's bytes and name; throws the AppError to answer with when it is refused. */
export async function inspectUpload(bytes: Uint8Array, claimedName: string): Promise<AcceptedUpload> {
  if (bytes.length === 0) {
    throw new AppError(ErrorCode.BadRequest, UPLOAD_EMPTY_MESSAGE);
  }
  // Browsers send a bare name; a folder path means a crafted request, so refuse it outright.
  if (/[/\\]/.test(claimedName)) {
    throw new AppError(ErrorCode.BadRequest, UPLOAD_PATH_MESSAGE);
  }
  const type = await detectUploadType(bytes, claimedName);
  if (type === null) {
    throw new AppError(ErrorCode.UnsupportedMediaType, UPLOAD_TYPE_MESSAGE);
  }
  return {
    ...type,
    contentType: type.mime.startsWith('text/') ? `${type.mime}; charset=utf-8` : type.mime,
    fileName: nameForType(claimedName, type),
    size: bytes.length,
  };
}

/**
 * Reads a stream into memory, refusing more than `maxBytes` (an AppError answering 413). Also
 * refuses a stream @fastify/multipart cut short at its `fileSize` limit (`truncated`).
 */
export async function readLimited(stream: AsyncIterable<Uint8Array> & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > maxBytes) {
      // Leaving the loop destroys the stream, so nothing more is read.
      throw new AppError(ErrorCode.PayloadTooLarge, uploadTooLargeMessage(maxBytes));
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  if (stream.truncated === true) {
    throw new AppError(ErrorCode.PayloadTooLarge, uploadTooLargeMessage(maxBytes));
  }
  return Buffer.concat(chunks, total);
}
