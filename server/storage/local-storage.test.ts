import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { LocalStorage, createStorage, isStorageKey } from './index';
import { S3Storage } from './s3-storage';
import { removeAbandonedTemporaryFiles } from './write-atomically';

let root: string;
let storage: LocalStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'local-storage-'));
  storage = new LocalStorage(path.join(root, 'uploads'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('LocalStorage', () => {
  it('stores a buffer and gives back its bytes, content type and size', async () => {
    await storage.put('message-attachments/abc-123', Buffer.from('%PDF-1.4 hello'), { contentType: 'application/pdf' });
    const file = await storage.get('message-attachments/abc-123');
    expect(file).toMatchObject({ contentType: 'application/pdf', size: 14 });
    expect(await text(file?.body ?? Readable.from([]))).toBe('%PDF-1.4 hello');
    expect(JSON.parse(await readFile(path.join(root, 'uploads/message-attachments/abc-123.meta.json'), 'utf8'))).toEqual({
      contentType: 'application/pdf',
    });
  });

  it('stores a stream, replaces what was under the key, and leaves no temporary files', async () => {
    await storage.put('a/b', Buffer.from('old'), { contentType: 'text/plain' });
    await storage.put('a/b', Readable.from([Buffer.from('new '), Buffer.from('content')]), { contentType: 'text/csv; charset=utf-8', size: 11 });
    const file = await storage.get('a/b');
    expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', size: 11 });
    expect(await text(file?.body ?? Readable.from([]))).toBe('new content');
    expect((await readdir(path.join(root, 'uploads/a'))).sort()).toEqual(['b', 'b.meta.json']);
  });

  it('refuses a stream whose length differs from the size given, keeping the previous file', async () => {
    await storage.put('k', Buffer.from('kept'), { contentType: 'text/plain' });
    await expect(storage.put('k', Readable.from([Buffer.from('short')]), { contentType: 'text/plain', size: 100 })).rejects.toThrow(
      /Expected 100 bytes, received 5/,
    );
    expect(await text((await storage.get('k'))?.body ?? Readable.from([]))).toBe('kept');
    expect(await readdir(path.join(root, 'uploads'))).toEqual(['k', 'k.meta.json']);
  });

  it('answers null for a missing key, and deletes idempotently', async () => {
    expect(await storage.get('never-stored')).toBeNull();
    expect(await storage.get('no/such/folder')).toBeNull();
    await storage.put('gone', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('gone');
    expect(await storage.get('gone')).toBeNull();
    await expect(storage.delete('gone')).resolves.toBeUndefined();
  });

  it('answers null when the bytes are missing beside their metadata', async () => {
    await storage.put('half', Buffer.from('x'), { contentType: 'text/plain' });
    await rm(path.join(root, 'uploads/half'));
    expect(await storage.get('half')).toBeNull();
  });

  it.each(['../escape', '../../etc/passwd', '/absolute', 'a//b', 'a/', 'UPPER', 'a/./b', 'name.meta.json', 'a\\b', '', 'x'.repeat(513), 'a b', 'ā'])(
    'refuses the key %j before touching the disk',
    async (key) => {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Not a storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Not a storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Not a storage key/);
      expect(await readdir(root)).toEqual([]);
    },
  );

  it('does not follow a key outside its root even when a file of that name exists there', async () => {
    await writeFile(path.join(root, 'secret'), 'do not serve');
    await expect(storage.get('../secret')).rejects.toThrow(/Not a storage key/);
  });

  it('refuses a content type that could not be sent back as a header', async () => {
    await expect(storage.put('k', Buffer.from('x'), { contentType: 'text/html\r\nSet-Cookie: a=b' })).rejects.toThrow(/Not a content type/);
  });
});

describe('createStorage', () => {
  it('uses the uploads folder in DATA_DIR by default and an S3 bucket when STORAGE_DRIVER=s3', async () => {
    const local = await createStorage(loadConfig({ DATA_DIR: root }));
    expect(local).toBeInstanceOf(LocalStorage);
    expect(local).toMatchObject({ root: path.join(root, 'uploads') });
    const s3 = await createStorage(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000' }));
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3).toMatchObject({ bucket: 'uploads' });
    if (s3 instanceof S3Storage) {
      s3.destroy();
    }
  });
});

describe('abandoned temporary files', () => {
  it('are removed at start when older than an hour; a write in progress, the files and other names stay', async () => {
    const directory = path.join(root, 'uploads');
    const folder = path.join(directory, 'message-attachments');
    await mkdir(folder, { recursive: true });
    const abandoned = path.join(folder, '.abc-123.0123456789ab.tmp');
    const inProgress = path.join(folder, '.abc-456.ba9876543210.tmp');
    const stored = path.join(folder, 'abc-789');
    const lookalike = path.join(directory, 'notes.tmp');
    for (const file of [abandoned, inProgress, stored, lookalike]) {
      await writeFile(file, 'bytes');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [abandoned, stored, lookalike]) {
      await utimes(file, twoHoursAgo, twoHoursAgo);
    }

    await createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: root }));

    expect((await readdir(folder)).sort()).toEqual(['.abc-456.ba9876543210.tmp', 'abc-789']);
    expect(await readdir(directory)).toContain('notes.tmp');
    expect(await removeAbandonedTemporaryFiles(path.join(root, 'no-such-folder'))).toBe(0);
  });
});
