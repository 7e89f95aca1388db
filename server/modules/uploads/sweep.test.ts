/** Uploads a killed process stored but never recorded go once an hour old; recorded ones stay. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../audit';
import { createSupplierWithMembers } from '../../auth/test-support';
import type { DatabaseHandle } from '../../db/client';
import { LocalStorage } from '../../storage/index';
import { inspectUpload } from '../../storage/upload-policy';
import { createTestDatabase } from '../../test/harness';
import { saveUpload } from './service';
import { removeOrphanedUploads, sweepAbandonedUploads } from './sweep';
import { PDF_BYTES } from './test-support';

describe('sweeping abandoned uploads', () => {
  let database: DatabaseHandle;
  let root: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), 'upload-sweep-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(root, { recursive: true, force: true });
  });

  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  async function age(storageKey: string, hours: number): Promise<void> {
    const file = path.join(root, ...storageKey.split('/'));
    await utimes(file, hoursAgo(hours), hoursAgo(hours));
    await utimes(`${file}.meta.json`, hoursAgo(hours), hoursAgo(hours));
  }

  it('removes stored bytes with no row once an hour old, and keeps recorded files and young ones', async () => {
    const storage = new LocalStorage(root);
    const { supplierId } = await createSupplierWithMembers(database.db);
    const actor = { userId: null, supplierId, isTeamMember: false, requestId: randomUUID() };
    const recorded = await saveUpload(database.db, storage, createAuditLog(database.db), actor, 'MessageAttachments', await inspectUpload(PDF_BYTES, 'quote.pdf'), PDF_BYTES);
    await age(`uploads/${supplierId}/${recorded.id}`, 3);
    // What a kill between the bytes and the row leaves: bytes under a key no row names.
    const orphan = `uploads/${supplierId}/${randomUUID()}`;
    await storage.put(orphan, PDF_BYTES, { contentType: 'application/pdf' });
    await age(orphan, 2);
    const young = `uploads/staff/${randomUUID()}`;
    await storage.put(young, PDF_BYTES, { contentType: 'application/pdf' });
    // A temporary file of a write cut short, two hours old.
    const temporary = path.join(root, 'uploads', String(supplierId), `.${randomUUID()}.0123456789ab.tmp`);
    await writeFile(temporary, 'half');
    await utimes(temporary, hoursAgo(2), hoursAgo(2));

    const swept = await sweepAbandonedUploads({ db: database.db, directory: root });
    expect(swept).toEqual({ temporaries: 1, orphans: 1 });
    expect(await storage.get(orphan)).toBeNull();
    expect(await storage.get(`uploads/${supplierId}/${recorded.id}`)).not.toBeNull();
    // Another process may be between the bytes and the row of this one.
    expect(await storage.get(young)).not.toBeNull();
    expect((await readdir(path.join(root, 'uploads', String(supplierId)))).sort()).toEqual([recorded.id, `${recorded.id}.meta.json`].sort());

    expect(await removeOrphanedUploads(database.db, root, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(1);
    expect(await storage.get(young)).toBeNull();
  });

  it('finds nothing to do in a folder that does not exist yet', async () => {
    expect(await removeOrphanedUploads(database.db, path.join(root, 'none'))).toBe(0);
  });
});
