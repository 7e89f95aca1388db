/**
 * The outbox: outgoing mail kept in a folder instead of sent. Each message is a real RFC 5322
 * `.eml` file (open it in any mail client) plus a small JSON index entry for listing. Both are
 * written to a temporary name and renamed, so a reader never sees half a message.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../storage/write-atomically';

export interface OutboxEntry {
  id: string;
  to: string[];
  subject: string;
  /** ISO 8601. */
  date: string;
}

export interface OutboxMessage extends OutboxEntry {
  /** Headers as they appear in the message, unfolded and decoded. */
  headers: { name: string; value: string }[];
  /** The plain-text body ('' when the message has none). */
  text: string;
  /** The message as stored, for a download or a mail client. */
  raw: Buffer;
}

/** `20250131-235959-123-` + 8 hex digits: sorts by time, safe in a path and a URL. */
const OUTBOX_ID_PATTERN = /^\d{8}-\d{6}-\d{3}-[0-9a-f]{8}$/;

export function isOutboxId(id: string): boolean {
  return OUTBOX_ID_PATTERN.test(id);
}

let lastIdTime = 0;

/** A new id, later than any this process made before, so two messages in one millisecond keep their order. */
export function createOutboxId(now: Date = new Date()): string {
  const time = Math.max(now.getTime(), lastIdTime + 1);
  lastIdTime = time;
  const stamp = new Date(time).toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').replace('Z', '');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

/** Stores one message; the `.eml` goes first so every listed entry has its message. */
export async function writeOutboxMessage(directory: string, entry: OutboxEntry, raw: Buffer): Promise<void> {
  if (!isOutboxId(entry.id)) {
    throw new Error(`Not an outbox id: ${entry.id}`);
  }
  await mkdir(directory, { recursive: true });
  await writeFileAtomically(path.join(directory, `${entry.id}.eml`), raw);
  await writeFileAtomically(path.join(directory, `${entry.id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function parseEntry(json: string): OutboxEntry | null {
  const value: unknown = JSON.parse(json);
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const { id, to, subject, date } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !Array.isArray(to) || typeof subject !== 'string' || typeof date !== 'string') {
    return null;
  }
  return { id, to: to.map(String), subject, date };
}

/** The newest `limit` messages, newest first; an empty list when nothing was ever sent. */
export async function listOutbox(directory: string, limit = 100): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (isMissing(error)) {
      return [];
    }
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter(isOutboxId)
    .sort()
    .reverse()
    .slice(0, Math.max(0, limit));
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        return parseEntry(await readFile(path.join(directory, `${id}.json`), 'utf8'));
      } catch (error) {
        // Removed by hand between the listing and the read: leave it out.
        if (isMissing(error)) {
          return null;
        }
        throw error;
      }
    }),
  );
  return entries.filter((entry): entry is OutboxEntry => entry !== null);
}

/** One message by id, or null when there is none; an id that is not an outbox id never reaches the disk. */
export async function readOutboxMessage(directory: string, id: string): Promise<OutboxMessage | null> {
  if (!isOutboxId(id)) {
    return null;
  }
  try {
    const entry = parseEntry(await readFile(path.join(directory, `${id}.json`), 'utf8'));
    if (entry === null) {
      return null;
    }
    const raw = await readFile(path.join(directory, `${id}.eml`));
    return { ...entry, ...parseMessage(raw.toString('utf8')), raw };
  } catch (error) {
    if (isMissing(error)) {
      return null;
    }
    throw error;
  }
}

/*
 * Just enough MIME to show a developer the messages nodemailer wrote: headers with RFC 2047
 * encoded words, and the first text/plain part in base64, quoted-printable or 7/8 bit, UTF-8.
 */

interface MimePart {
  headers: { name: string; value: string }[];
  body: string;
}

function splitPart(raw: string): MimePart {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const headerBlock = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = headerBlock
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return colon <= 0 ? null : { name: line.slice(0, colon).trim(), value: decodeEncodedWords(line.slice(colon + 1).trim()) };
    })
    .filter((header): header is { name: string; value: string } => header !== null);
  return { headers, body };
}

function headerValue(part: MimePart, name: string): string {
  return part.headers.find((header) => header.name.toLowerCase() === name)?.value ?? '';
}

function decodeQuotedPrintableBytes(text: string, underscoreIsSpace: boolean): Buffer {
  const source = Buffer.from(underscoreIsSpace ? text.replace(/_/g, ' ') : text.replace(/=\n/g, ''), 'utf8');
  const bytes: number[] = [];
  for (let index = 0; index < source.length; index += 1) {
    const byte = source[index] ?? 0;
    const hex = source.subarray(index + 1, index + 3).toString('latin1');
    if (byte === 0x3d && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(byte);
    }
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  // Whitespace between two encoded words is folding, not content (RFC 2047 §6.2).
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, encoded: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(encoded, 'base64') : decodeQuotedPrintableBytes(encoded, true)).toString('utf8'),
    );
}

function decodeBody(part: MimePart): string {
  const encoding = headerValue(part, 'content-transfer-encoding').toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') {
    return decodeQuotedPrintableBytes(part.body, false).toString('utf8');
  }
  return part.body;
}

function findText(part: MimePart): string | null {
  const contentType = headerValue(part, 'content-type');
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (boundary === undefined) {
      return null;
    }
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) {
        break;
      }
      // The line break before a boundary belongs to the boundary (RFC 2046 §5.1.1).
      const text = findText(splitPart(section.replace(/^[ \t]*\n/, '').replace(/\n$/, '')));
      if (text !== null) {
        return text;
      }
    }
    return null;
  }
  const isAttachment = headerValue(part, 'content-disposition').toLowerCase().startsWith('attachment');
  return (mediaType === '' || mediaType === 'text/plain') && !isAttachment ? decodeBody(part) : null;
}

function parseMessage(raw: string): { headers: MimePart['headers']; text: string } {
  const message = splitPart(raw);
  return { headers: message.headers, text: (findText(message) ?? '').trimEnd() };
}
