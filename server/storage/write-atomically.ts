/**
 * Writes a file under a temporary name in the same folder and renames it into place: readers see
 * the old file or the whole new one, never a half-written file, even if the process dies mid-write.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Writes `content` to `file` atomically and answers its size; with `expectedSize`, a body of another size is refused. */
export async function writeFileAtomically(file: string, content: string | Buffer | Readable, expectedSize?: number): Promise<number> {
  // A leading dot and a `.tmp` suffix: never a valid storage key or outbox id, so never listed.
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    if (typeof content === 'string' || Buffer.isBuffer(content)) {
      await writeFile(temporary, content, { flag: 'wx' });
    } else {
      await pipeline(content, createWriteStream(temporary, { flags: 'wx' }));
    }
    const { size } = await stat(temporary);
    if (expectedSize !== undefined && size !== expectedSize) {
      throw new Error(`Expected ${expectedSize} bytes, received ${size}`);
    }
    await rename(temporary, file);
    return size;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

const TEMPORARY_FILE_PATTERN = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** How old a temporary file must be to count as abandoned: no write takes this long, so another process's write in progress is never touched. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes the temporary files a process killed mid-write left under `directory` (at any depth),
 * when older than `ABANDONED_AFTER_MS`; answers how many went. A missing folder has none.
 */
export async function removeAbandonedTemporaryFiles(directory: string, now: Date = new Date()): Promise<number> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      return 0;
    }
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      removed += await removeAbandonedTemporaryFiles(file, now);
    } else if (entry.isFile() && TEMPORARY_FILE_PATTERN.test(entry.name)) {
      const { mtimeMs } = await stat(file);
      if (now.getTime() - mtimeMs > ABANDONED_AFTER_MS) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
