/**
 * Crash safety (issue 14, Prove 3): the real server process is killed with SIGKILL while signed-in
 * writers post threads, messages and uploads concurrently, then restarted on the same data, a few
 * rounds in a row, on the embedded database (or, with DATABASE_URL, on PostgreSQL). Every write the
 * server answered 2xx must be there after the restart, whole; no thread lacks its first message,
 * no upload row lacks its file and no stored file lacks its row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { CurrentUserResponse } from '../../common/api/user';
import type { Thread, ThreadMessage } from '../../common/api/threads';
import { openDatabase, type Database } from '../db/client';
import { sweepAbandonedUploads } from '../modules/uploads/sweep';
import { ABANDONED_AFTER_MS } from '../storage/write-atomically';
import { threadMessages, threads, uploadedFiles } from '../db/schema/index';
import {
  DEMO_PASSWORD,
  callApi,
  createScratchDatabase,
  signInOverHttp,
  startServer,
  uploadTextFile,
  type ApiCaller,
  type ScratchDatabase,
  type ServerProcess,
} from './support';

const ROUNDS = 3;
const WRITERS = 6;

interface AckedThread {
  id: number;
  title: string;
  content: string;
}
interface AckedMessage {
  id: number;
  threadId: number;
  content: string;
  attachmentId: string | null;
}
interface AckedUpload {
  id: string;
  sha256: string;
  size: number;
}

interface Acknowledged {
  threads: AckedThread[];
  messages: AckedMessage[];
  uploads: AckedUpload[];
}

const total = (acked: Acknowledged) => acked.threads.length + acked.messages.length + acked.uploads.length;
const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * One writer: opens a thread, uploads a file and posts a message carrying it, posts a plain
 * message, and again, until told to stop; records each write the server answered 2xx. A request
 * the kill cut off is not acknowledged, whatever happened to it.
 */
async function runWriter(baseUrl: string, caller: ApiCaller, writer: string, acked: Acknowledged, isStopped: () => boolean): Promise<void> {
  const supplierId = caller.supplierId ?? 0;
  let threadId: number | null = null;
  for (let step = 0; !isStopped(); step += 1) {
    const tag = `${writer}-${step}-${randomBytes(4).toString('hex')}`;
    try {
      if (threadId === null || step % 3 === 0) {
        const title = `Crash ${tag}`;
        const content = `First message ${tag}`;
        const answer = await callApi<Thread>(baseUrl, caller, 'POST', `/supplier/${supplierId}/thread`, { title, content });
        if (answer.status === 200) {
          threadId = answer.body.id;
          acked.threads.push({ id: answer.body.id, title, content });
        }
      } else if (step % 3 === 1) {
        const fileContent = `Attachment ${tag}\n${randomBytes(2048).toString('base64')}\n`;
        const uploaded = await uploadTextFile(baseUrl, caller, `${tag}.txt`, fileContent);
        const fileId = uploaded.body.files?.[0]?.id;
        if (uploaded.status !== 200 || !fileId) {
          continue;
        }
        acked.uploads.push({ id: fileId, sha256: sha256(fileContent), size: Buffer.byteLength(fileContent) });
        const content = `With attachment ${tag}`;
        const answer = await callApi<ThreadMessage>(baseUrl, caller, 'POST', `/supplier/${supplierId}/thread/${threadId}/message`, { content, attachment: fileId });
        if (answer.status === 200) {
          acked.messages.push({ id: answer.body.id, threadId, content, attachmentId: fileId });
        }
      } else {
        const content = `Message ${tag}`;
        const answer = await callApi<ThreadMessage>(baseUrl, caller, 'POST', `/supplier/${supplierId}/thread/${threadId}/message`, { content });
        if (answer.status === 200) {
          acked.messages.push({ id: answer.body.id, threadId, content, attachmentId: null });
        }
      }
    } catch {
      // Cut off by the kill (connection reset or refused): not acknowledged.
      if (isStopped()) {
        return;
      }
    }
  }
}

interface StoredFiles {
  /** Storage keys `uploads/<supplier>/<id>` with their bytes present. */
  files: Set<string>;
  /** Keys whose `.meta.json` is present. */
  metas: Set<string>;
  /** Temporary files a killed write left (swept at start once an hour old). */
  temporaries: number;
}

async function listStoredFiles(dataDir: string): Promise<StoredFiles> {
  const stored: StoredFiles = { files: new Set(), metas: new Set(), temporaries: 0 };
  const root = path.join(dataDir, 'uploads', 'uploads');
  let owners: string[];
  try {
    owners = await readdir(root);
  } catch {
    return stored;
  }
  for (const owner of owners) {
    for (const name of await readdir(path.join(root, owner))) {
      if (name.endsWith('.tmp')) {
        stored.temporaries += 1;
      } else if (name.endsWith('.meta.json')) {
        stored.metas.add(`uploads/${owner}/${name.slice(0, -'.meta.json'.length)}`);
      } else {
        stored.files.add(`uploads/${owner}/${name}`);
      }
    }
  }
  return stored;
}

interface RoundCheck {
  lost: string[];
  halfWritten: string[];
  orphanedFiles: string[];
  temporaries: number;
}

/** Reads the database and the uploads folder directly (the server is down) and compares them with what was acknowledged. */
async function checkStoredState(db: Database, dataDir: string, acked: Acknowledged): Promise<RoundCheck> {
  const lost: string[] = [];
  const halfWritten: string[] = [];
  const threadRows = new Map((await db.select({ id: threads.id, title: threads.title }).from(threads)).map((row) => [row.id, row]));
  const messageRows = await db
    .select({ id: threadMessages.id, threadId: threadMessages.threadId, content: threadMessages.content, attachmentId: threadMessages.attachmentId })
    .from(threadMessages);
  const messagesById = new Map(messageRows.map((row) => [row.id, row]));
  for (const thread of acked.threads) {
    const row = threadRows.get(thread.id);
    const hasFirstMessage = messageRows.some((message) => message.threadId === thread.id && message.content === thread.content);
    if (row?.title !== thread.title || !hasFirstMessage) {
      lost.push(`thread ${thread.id}`);
    }
  }
  for (const message of acked.messages) {
    const row = messagesById.get(message.id);
    if (!row || row.threadId !== message.threadId || row.content !== message.content || row.attachmentId !== message.attachmentId) {
      lost.push(`message ${message.id}`);
    }
  }
  // A thread is written with its first message in one transaction: never one without the other.
  const emptyThreads = await db
    .select({ id: threads.id })
    .from(threads)
    .where(sql`not exists (select 1 from ${threadMessages} where ${threadMessages.threadId} = ${threads.id})`);
  halfWritten.push(...emptyThreads.map((row) => `thread ${row.id} without a message`));

  const stored = await listStoredFiles(dataDir);
  const uploadRows = await db.select({ id: uploadedFiles.id, storageKey: uploadedFiles.storageKey, size: uploadedFiles.size }).from(uploadedFiles);
  const keysWithRows = new Set(uploadRows.map((row) => row.storageKey));
  for (const row of uploadRows) {
    if (!stored.files.has(row.storageKey) || !stored.metas.has(row.storageKey)) {
      halfWritten.push(`upload row ${row.id} without its file`);
    }
  }
  for (const upload of acked.uploads) {
    const [row] = await db.select({ storageKey: uploadedFiles.storageKey, size: uploadedFiles.size }).from(uploadedFiles).where(eq(uploadedFiles.id, upload.id));
    if (!row || row.size !== upload.size) {
      lost.push(`upload ${upload.id}`);
      continue;
    }
    const bytes = await readFile(path.join(dataDir, 'uploads', ...row.storageKey.split('/'))).catch(() => null);
    if (!bytes || sha256(bytes) !== upload.sha256) {
      lost.push(`upload ${upload.id} (bytes)`);
    }
  }
  const orphanedFiles = [...new Set([...stored.files, ...stored.metas])].filter((key) => !keysWithRows.has(key));
  return { lost, halfWritten, orphanedFiles, temporaries: stored.temporaries };
}

/** After the restart, through the API: every acknowledged upload downloads whole and every acknowledged thread is listed. */
async function checkThroughApi(server: ServerProcess, caller: ApiCaller, acked: Acknowledged): Promise<string[]> {
  const missing: string[] = [];
  for (const upload of acked.uploads) {
    const response = await fetch(`${server.baseUrl}/api/v1/files/${upload.id}`, {
      headers: { authorization: `Bearer ${caller.accessToken}`, 'x-supplier-id': String(caller.supplierId) },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || sha256(bytes) !== upload.sha256) {
      missing.push(`upload ${upload.id} (${response.status})`);
    }
  }
  // The record's threads come a page at a time (issue 29): read every page.
  const listedThreads = new Map<number, Thread>();
  for (let page = 1; page <= 1000; page += 1) {
    const listed = await callApi<{ threads: Thread[]; total: number }>(server.baseUrl, caller, 'GET', `/supplier/${caller.supplierId}/thread?page=${String(page)}`);
    for (const thread of listed.body.threads) {
      listedThreads.set(thread.id, thread);
    }
    if (listed.body.threads.length === 0 || listedThreads.size >= listed.body.total) {
      break;
    }
  }
  for (const thread of acked.threads) {
    if (!listedThreads.get(thread.id)?.messages.some((message) => message.content === thread.content)) {
      missing.push(`thread ${thread.id} (not listed with its first message)`);
    }
  }
  for (const message of acked.messages) {
    const listedMessage = listedThreads.get(message.threadId)?.messages.find((candidate) => candidate.id === message.id);
    if (listedMessage?.content !== message.content || (listedMessage.attachment?.id ?? null) !== message.attachmentId) {
      missing.push(`message ${message.id} (not listed)`);
    }
  }
  return missing;
}

// One database a run, as every database test: the embedded one in `npm test`, PostgreSQL in
// `npm run test:db` (DATABASE_URL set), so neither run repeats the other's rounds.
const databases = process.env.DATABASE_URL
  ? [{ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL as string | undefined }]
  : [{ name: 'embedded PGlite', databaseUrl: undefined }];

describe.each(databases)('crash safety on $name', ({ name, databaseUrl }) => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let scratch: ScratchDatabase | undefined;

  afterAll(async () => {
    await server?.kill();
    await scratch?.drop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it(
    `keeps every acknowledged write, whole, through ${ROUNDS} kill -9 rounds`,
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-crash-'));
      scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
      // Six writers open a thread every third write, round after round: more than a supplier's daily
      // allowance of new threads (20), after which a new round's writers would have nowhere to write.
      const serverOptions = { dataDir, env: { NEW_THREADS_PER_SUPPLIER_PER_DAY: '100000' }, ...(scratch ? { databaseUrl: scratch.url } : {}) };
      server = await startServer(serverOptions);
      const { accessToken } = await signInOverHttp(server, 'admin@example.com', DEMO_PASSWORD);
      const me = await callApi<CurrentUserResponse>(server.baseUrl, { accessToken }, 'GET', '/user');
      const supplierId = me.body.suppliers.find((supplier) => supplier.tradingName === 'Kōwhai Digital')?.supplierID;
      expect(supplierId).toBeDefined();
      const caller: ApiCaller = { accessToken, supplierId: supplierId ?? 0 };

      const acked: Acknowledged = { threads: [], messages: [], uploads: [] };
      const problems: string[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const running = server;
        const before = total(acked);
        // Kill after a different number of acknowledged writes each round, so it lands at different steps.
        const killAfter = before + 12 + Math.floor(Math.random() * 24);
        let isStopped = false;
        const writers = Array.from({ length: WRITERS }, (_, index) =>
          runWriter(running.baseUrl, caller, `r${round}w${index}`, acked, () => isStopped),
        );
        await new Promise<void>((resolve, reject) => {
          const timer = setInterval(() => {
            if (total(acked) >= killAfter) {
              clearInterval(timer);
              resolve();
            } else if (running.child.exitCode !== null) {
              clearInterval(timer);
              reject(new Error(`the server exited before the kill:\n${running.output()}`));
            }
          }, 5);
        });
        await running.kill();
        isStopped = true;
        await Promise.all(writers);

        // On a port of its own choosing, at the same public address: the tokens it issued stay good,
        // and no server of a test file running alongside can have taken the old port meanwhile.
        server = await startServer({ ...serverOptions, publicUrl: running.publicUrl });
        problems.push(...(await checkThroughApi(server, caller, acked)).map((item) => `round ${round}, after restart: ${item}`));
      }
      // Nothing repairs a half-written record or an orphaned file, so one look at the stored state
      // after the last round sees what any round left (PGlite opens in one process at a time).
      await server.stop();
      const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
      let check: RoundCheck;
      let afterSweep: RoundCheck;
      try {
        check = await checkStoredState(database.db, dataDir, acked);
        problems.push(...check.lost.map((item) => `lost ${item}`), ...check.halfWritten);
        // Bytes stored by an upload the kill cut off before its row: the hourly sweep's work, run
        // here as it will run once they are an hour old. It must take those and nothing acknowledged.
        await sweepAbandonedUploads({ db: database.db, directory: path.join(dataDir, 'uploads') }, new Date(Date.now() + 2 * ABANDONED_AFTER_MS));
        afterSweep = await checkStoredState(database.db, dataDir, acked);
      } finally {
        await database.close();
      }

      console.log(
        `crash safety, ${name}: ${ROUNDS} kill -9 rounds, ${total(acked)} acknowledged writes ` +
          `(${acked.threads.length} threads, ${acked.messages.length} messages, ${acked.uploads.length} uploads), ` +
          `${problems.length} lost or half-written; ${check.orphanedFiles.length} stored files of unacknowledged uploads without a row ` +
          `and ${check.temporaries} temporary files, ${afterSweep.orphanedFiles.length + afterSweep.temporaries} of them left after the sweep`,
      );
      expect(problems).toEqual([]);
      expect(afterSweep.lost).toEqual([]);
      expect(afterSweep.halfWritten).toEqual([]);
      expect(afterSweep.orphanedFiles).toEqual([]);
      expect(afterSweep.temporaries).toBe(0);
    },
    300_000,
  );
});
