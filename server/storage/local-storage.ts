/**
 * Files in a folder on this machine (`$DATA_DIR/uploads` by default): `<key>` holds the bytes and
 * `<key>.meta.json` beside it the content type. Keys cannot contain dots, so the two never clash.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { InvalidStorageKeyError, assertContentType, assertStorageKey, type PutOptions, type Storage, type StoredFile } from './storage';
import { writeFileAtomically } from './write-atomically';

interface FileMeta {
  contentType: string;
}

function isMissing(error: unknown): boolean {
  // ENOTDIR: a key under a "folder" that is really a file (`a/b` when `a` exists) does not exist either.
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

export class LocalStorage implements Storage {
  readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  /** The file for a key; the pattern already rules out `..`, the containment check guards against a future change to it. */
  private pathFor(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) {
      throw new InvalidStorageKeyError(key);
    }
    return file;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    const file = this.pathFor(key);
    assertContentType(options.contentType);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomically(file, body, options.size);
    const meta: FileMeta = { contentType: options.contentType };
    await writeFileAtomically(`${file}.meta.json`, `${JSON.stringify(meta)}\n`);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathFor(key);
    let meta: FileMeta;
    try {
      meta = JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as FileMeta;
    } catch (error) {
      if (isMissing(error)) {
        return null;
      }
      throw error;
    }
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) {
        return null;
      }
      throw error;
    }
    try {
      // Size and bytes from one open file: a concurrent put renames a new file in, this one stays whole.
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), contentType: meta.contentType, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    // The metadata first: once it is gone, get() answers null even if removing the bytes fails.
    await rm(`${file}.meta.json`, { force: true });
    await rm(file, { force: true });
  }
}
