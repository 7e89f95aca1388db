/**
 * Mail survives kill -9 (issue 28, Proof): a signed-in supplier admin sends a burst of 200
 * invitations at once, the server process is killed with SIGKILL in the middle of it and restarted
 * on the same data, with a real SMTP server (smtp-server on the loopback address, `server/test/smtp-sink.ts`)
 * as its SMTP_URL. Once the job queue has drained, every invitation that committed has had its
 * mail delivered, with one Message-ID, and no invitation the kill cut off before its commit has had
 * any. A job killed after the mail server accepted its message but before the job was marked done
 * is sent again after the restart (no queue can rule that out); it goes with the same Message-ID,
 * so a mail client shows it once. Those raw copies are counted apart and printed.
 * On the embedded PGlite in `npm test`, on PostgreSQL instead with DATABASE_URL (`npm run test:db`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSupplierWithMembers } from '../auth/test-support';
import { ensureFormDefinitions } from '../db/content/index';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { invitations, users } from '../db/schema/index';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { MAIL_QUEUE, messageIdOfJob } from '../mail/mail-queue';
import { MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR } from '../modules/invitations/service';
import { seedDemoData } from '../seed/index';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import {
  DEMO_PASSWORD,
  callApi,
  createScratchDatabase,
  signInOverHttp,
  startServer,
  type ApiCaller,
  type ScratchDatabase,
  type ServerProcess,
} from './support';

const INVITATIONS = 200;
/** Requests in flight at once. */
const SENDERS = 16;
/** The invited addresses' domain: only the burst's mail is counted. */
const BURST_DOMAIN = 'burst.example.test';
/** A supplier may send 20 invitations an hour: the burst is spread over suppliers the admin runs. */
const SUPPLIERS = Math.ceil(INVITATIONS / MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR);
/**
 * How long a job may run, and how long a killed process's active jobs wait before they are retried.
 * Short, so the test does not wait minutes; a job that takes longer on a busy machine (from its
 * fetch to its completion, behind the burst's transactions) is retried too, and counted below.
 */
const JOB_TIMEOUT_SECONDS = 5;
const PUBLIC_HOST = 'mail-delivery.test';

/** pg-boss states a job does not leave; any other is still to run. */
const FINISHED_JOB_STATES = new Set(['completed', 'failed', 'cancelled']);
/** Restarts allowed for jobs still to run once the mail has gone quiet. */
const MAX_DRAIN_ROUNDS = 3;

type Outcome = 'acknowledged' | 'refused' | 'cut off' | 'not sent';

const databases = process.env.DATABASE_URL
  ? [{ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL as string | undefined }]
  : [{ name: 'embedded PGlite', databaseUrl: undefined }];

const emailOf = (index: number) => `invitee-${index}@${BURST_DOMAIN}`;

interface QueueRow {
  id: string;
  state: string;
  to: string;
  /** Tries after the first: a job expired (killed, or past its time limit) or failed. */
  retries: number;
}

/** The send-mail jobs of the burst, finished or not, in the queue's live table and its archive. */
async function mailJobsOfBurst(database: DatabaseHandle): Promise<QueueRow[]> {
  const select = (table: string) =>
    `select id::text as id, state::text as state, lower(data->>'to') as to, retry_count as retries from ${JOB_SCHEMA}.${table} where name = $1 and lower(data->>'to') like $2`;
  const { rows } = await database.sqlConnection.executeSql(`${select('job')} union all ${select('archive')}`, [MAIL_QUEUE, `%@${BURST_DOMAIN}`]);
  return rows as unknown as QueueRow[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databases)('mail through kill -9 on $name', ({ name, databaseUrl }) => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  let sink: SmtpSink | undefined;
  let database: DatabaseHandle | undefined;

  afterAll(async () => {
    await server?.kill();
    await database?.close();
    await sink?.close();
    await scratch?.drop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it(
    `delivers the mail of every committed invitation of a burst of ${INVITATIONS} once (one Message-ID), and none of an invitation cut off before its commit`,
    async () => {
      sink = await startSmtpSink();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-mail-'));
      scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;

      // The data the server starts on, prepared as main.ts would, plus the suppliers the burst invites to.
      database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
      await database.migrate();
      await ensureFormDefinitions(database.db);
      await seedDemoData(database.db);
      const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
      expect(admin).toBeDefined();
      const supplierIds: number[] = [];
      for (let index = 0; index < SUPPLIERS; index += 1) {
        const { supplierId } = await createSupplierWithMembers(database.db, {
          tradingName: `Burst Supplier ${index} ${randomBytes(2).toString('hex')}`,
          members: [{ userId: admin?.id ?? 0, isAdmin: true }],
        });
        supplierIds.push(supplierId);
      }
      // PGlite opens in one process at a time: the server's, from here on.
      await database.close();
      database = undefined;

      const serverOptions = {
        dataDir,
        publicUrl: `http://${PUBLIC_HOST}`,
        ...(scratch ? { databaseUrl: scratch.url } : {}),
        env: { SMTP_URL: sink.url, JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS), MAIL_RETRY_DELAY_SECONDS: '1' },
      };
      const first = await startServer(serverOptions);
      server = first;
      const { accessToken } = await signInOverHttp(first, 'admin@example.com', DEMO_PASSWORD);

      // The burst: SENDERS requests in flight until all are sent, the kill after a random number answered.
      const outcomes: Outcome[] = Array.from({ length: INVITATIONS }, () => 'not sent');
      const killAfter = 50 + Math.floor(Math.random() * 100);
      let answered = 0;
      let next = 0;
      let killed = false;
      const sender = async () => {
        while (!killed && next < INVITATIONS) {
          const index = next;
          next += 1;
          const caller: ApiCaller = { accessToken, supplierId: supplierIds[index % SUPPLIERS] ?? 0 };
          try {
            const answer = await callApi(first.baseUrl, caller, 'POST', '/user/users', { name: `Invitee ${index}`, email: emailOf(index), isAdmin: false });
            outcomes[index] = answer.status === 201 ? 'acknowledged' : 'refused';
            answered += 1;
          } catch {
            // Connection reset or refused by the kill: it may or may not have committed.
            outcomes[index] = 'cut off';
          }
        }
      };
      const senders = Array.from({ length: SENDERS }, sender);
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (answered >= killAfter) {
            clearInterval(timer);
            resolve();
          } else if (first.child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`the server exited before the kill:\n${first.output()}`));
          }
        }, 2);
      });
      await first.kill();
      killed = true;
      await Promise.all(senders);
      const beforeRestart = [...sink.received];

      const acknowledged = new Set(outcomes.flatMap((outcome, index) => (outcome === 'acknowledged' ? [emailOf(index)] : [])));
      const receivedBy = (email: string) => sink?.received.filter((mail) => mail.recipients.includes(email)) ?? [];

      // Drained: every acknowledged invitation has its mail, the killed process's jobs have passed
      // their time limit and the restarted process's maintenance (every JOB_TIMEOUT_SECONDS) has
      // retried them, no mail has arrived for a while, and the stored queue holds no burst job still
      // to run. A job that passed its time limit on a busy machine after its mail went out waits for
      // its retry: the server is started again until none is left (PGlite is read only once the
      // server has stopped).
      let jobs: QueueRow[] = [];
      for (let round = 1; ; round += 1) {
        const restartedAt = Date.now();
        // On a new free port (the mail's links name PUBLIC_URL, not the port): another file's server
        // may have taken the old one since the kill.
        server = await startServer(serverOptions);
        const restarted = server;
        const quietMs = 3_000;
        const settleMs = (JOB_TIMEOUT_SECONDS * 2 + 5) * 1000;
        const deadline = Date.now() + 90_000;
        for (;;) {
          const last = sink.received.at(-1)?.receivedAt ?? 0;
          const allAcknowledgedHaveMail = [...acknowledged].every((email) => receivedBy(email).length > 0);
          if (allAcknowledgedHaveMail && Date.now() - restartedAt > settleMs && Date.now() - last > quietMs) {
            break;
          }
          if (Date.now() > deadline) {
            throw new Error(`the queue did not drain in 90 s:\n${restarted.output()}`);
          }
          await sleep(250);
        }
        await restarted.stop();
        server = undefined;
        database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
        jobs = await mailJobsOfBurst(database);
        const waiting = jobs.filter((job) => !FINISHED_JOB_STATES.has(job.state)).length;
        if (waiting === 0 || round === MAX_DRAIN_ROUNDS) {
          break;
        }
        console.log(`mail through kill -9, ${name}: ${waiting} burst jobs still to run after drain round ${round}; starting the server again`);
        await database.close();
        database = undefined;
      }

      const committed = new Set(
        (await database.db.select({ email: invitations.email }).from(invitations).where(like(invitations.email, `%@${BURST_DOMAIN}`))).map((row) =>
          row.email.toLowerCase(),
        ),
      );

      const problems: string[] = [];
      for (const email of acknowledged) {
        if (!committed.has(email)) {
          problems.push(`${email}: acknowledged but not stored`);
        }
      }
      /** Raw copies beyond the first: sent again before the kill (a job past its time limit), and after the restart (a job the kill cut off after its send). */
      const duplicates = { beforeKill: 0, afterRestart: 0 };
      for (const email of committed) {
        const copies = receivedBy(email);
        const messageIds = new Set(copies.map((mail) => mail.messageId));
        if (copies.length === 0) {
          problems.push(`${email}: committed, no mail`);
        } else if (messageIds.size !== 1) {
          problems.push(`${email}: ${messageIds.size} different Message-IDs`);
        }
        const copiesBeforeKill = beforeRestart.filter((mail) => mail.recipients.includes(email)).length;
        duplicates.beforeKill += Math.max(0, copiesBeforeKill - 1);
        duplicates.afterRestart += copiesBeforeKill > 0 ? copies.length - copiesBeforeKill : Math.max(0, copies.length - 1);
        const jobsOfInvitation = jobs.filter((job) => job.to === email);
        if (jobsOfInvitation.length !== 1) {
          problems.push(`${email}: ${jobsOfInvitation.length} mail jobs`);
        }
        for (const job of jobsOfInvitation) {
          if (job.state !== 'completed') {
            problems.push(`${email}: its mail job is ${job.state} after the queue drained`);
          } else if (!messageIds.has(messageIdOfJob(job.id, `http://${PUBLIC_HOST}`))) {
            problems.push(`${email}: the mail received is not its job's`);
          }
        }
      }
      const burstMail = sink.received.filter((mail) => mail.recipients.some((recipient) => recipient.endsWith(`@${BURST_DOMAIN}`)));
      for (const mail of burstMail) {
        for (const recipient of mail.recipients.filter((address) => !committed.has(address))) {
          problems.push(`${recipient}: mail for an invitation that did not commit`);
        }
      }
      for (const job of jobs.filter((candidate) => !committed.has(candidate.to))) {
        problems.push(`${job.to}: a mail job without a committed invitation`);
      }

      const count = (outcome: Outcome) => outcomes.filter((candidate) => candidate === outcome).length;
      const cutOff = outcomes.flatMap((outcome, index) => (outcome === 'cut off' ? [emailOf(index)] : []));
      const burstBeforeRestart = beforeRestart.filter((mail) => mail.recipients.some((recipient) => recipient.endsWith(`@${BURST_DOMAIN}`)));
      const retried = jobs.filter((job) => job.retries > 0).length;
      console.log(
        `mail through kill -9, ${name}: ${INVITATIONS} invitations, killed after ${answered} answered ` +
          `(${count('acknowledged')} acknowledged, ${count('refused')} refused, ${cutOff.length} cut off or refused a connection by the kill, of which ` +
          `${cutOff.filter((email) => committed.has(email)).length} committed, ${count('not sent')} not sent); ` +
          `${committed.size} committed, ${burstMail.length} messages received (${burstBeforeRestart.length} before the restart) for ` +
          `${new Set(burstMail.flatMap((mail) => mail.recipients)).size} recipients, ${new Set(burstMail.map((mail) => mail.messageId)).size} distinct Message-IDs; ` +
          `${duplicates.beforeKill + duplicates.afterRestart} raw copies sent again with the Message-ID of the first ` +
          `(${duplicates.afterRestart} after the restart, ${duplicates.beforeKill} before the kill), ${retried} jobs tried more than once; ${problems.length} problems`,
      );
      expect(problems).toEqual([]);
      expect(count('refused')).toBe(0);
      expect(committed.size).toBeGreaterThanOrEqual(killAfter);
      expect(new Set(burstMail.map((mail) => mail.messageId)).size).toBe(committed.size);
    },
    180_000,
  );
});
