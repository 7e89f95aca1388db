/**
 * Writes a file under a temporary name in the same folder and renames it into place: readers see
 * the old file or the whole new one, never a half-written file, even if the process dies mid-write.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
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
