/**
 * Where uploaded files live. Callers name each file by a key the server makes up (never a name a
 * user typed), e.g. `message-attachments/2f6c…`; the user's file name belongs in the database.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

export interface PutOptions {
  contentType: string;
  /** Byte length of the body, when known: a stream that ends short or long fails the put. */
  size?: number;
}

export interface Storage {
  /** Stores the body under `key`, replacing what was there. */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Segments of lowercase letters, digits and hyphens joined by `/`: no dots (so no `..` and no
 * clash with the local driver's `.meta.json` files), no empty segments, nothing to escape in S3.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) {
    throw new InvalidStorageKeyError(key);
  }
}

/** Checks a content type is a plain `type/subtype` (with parameters), so it is safe to send back as a header. */
export function assertContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(?:\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\\\r\n]*"))*$/.test(contentType)) {
    throw new Error(`Not a content type: ${JSON.stringify(contentType.slice(0, 200))}`);
  }
}
