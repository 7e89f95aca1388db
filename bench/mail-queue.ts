/**
 * npm run bench:mail: what mail through the job queue costs (issue 28).
 *
 * Starts the real server (`server/main.ts`, demo data, embedded PGlite in a fresh folder; a scratch
 * PostgreSQL database, dropped after, when DATABASE_URL is set) with a local SMTP sink
 * (smtp-server, `server/test/smtp-sink.ts`) as its SMTP_URL, and measures:
 *
 * 1. the added latency of a request that queues a mail: autocannon, signed in as the demo supplier
 *    admin, alternates rounds of two authenticated writes of like weight, each a transaction of two
 *    reads, one write and an audit row: inviting a person (`POST /api/v1/user/users`, which also
 *    creates a send-mail job in its transaction) and changing a member's admin flag
 *    (`PUT /api/v1/user/users/:id`, no mail). The server's worker is off (JOB_WORKER=false) during
 *    these rounds, so the figures are the requests' own and the mails pile up in the queue;
 * 2. mail jobs a second through the queue: the server is restarted as a worker on the same data and
 *    sends the piled-up mails to the sink; the rate is from the sink's first acknowledgement to its
 *    last (one process, the send-mail kind's concurrency of 4);
 * 3. the queue's own share, with the server stopped: the same small transaction (one read) timed in
 *    this process with and without queuing a mail in it (`MailQueue.enqueue`, as the route does),
 *    in alternating blocks: what queuing one mail adds to any request, in milliseconds.
 *
 * A supplier may send 20 invitations an hour: the bench creates as many suppliers (the admin runs
 * them all) as the invitations need, and the members whose flag it changes. Prints the figures and
 * writes them into bench/README.md between its mail markers.
 *
 * Options: MAIL_BENCH_REQUESTS (requests per round, 500), MAIL_BENCH_ROUNDS (rounds of each route, 2),
 * MAIL_BENCH_CONNECTIONS (4), MAIL_BENCH_WRITE_README ("false" to print only).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { SUPPLIER_HEADER } from '../common/constants';
import type { FastifyBaseLogger } from 'fastify';
import { createSupplierWithMembers, createUser } from '../server/auth/test-support';
import { ensureFormDefinitions } from '../server/db/content/index';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { supplierMemberships, users } from '../server/db/schema/index';
import { createJobQueue } from '../server/jobs/job-queue';
import { createMailQueue, mailJobKind } from '../server/mail/mail-queue';
import { MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR } from '../server/modules/invitations/service';
import { startSmtpSink } from '../server/test/smtp-sink';
import { DEMO_PASSWORD, createScratchDatabase, signInOverHttp, startServer, type ScratchDatabase } from '../server/resilience/support';
import { seedDemoData } from '../server/seed/index';
import { median, minuteInUtc, percentile, writeReadmeSection } from './report';

const REQUESTS = Number(process.env.MAIL_BENCH_REQUESTS ?? 500);
const ROUNDS = Number(process.env.MAIL_BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.MAIL_BENCH_CONNECTIONS ?? 4);
const WARMUP_REQUESTS = 40;
/** Members whose admin flag the no-mail route changes, in turn (one row each, so connections do not queue on one lock). */
const MEMBERS = 50;
const INVITED_DOMAIN = 'bench.example.test';

/** Transactions per block, and blocks of each kind, of the in-process comparison. */
const TRANSACTIONS_PER_BLOCK = 100;
const BLOCKS = 5;

const quietLog = { level: 'silent', fatal: () => undefined, error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined, trace: () => undefined } as unknown as FastifyBaseLogger;

/**
 * Times one read in a transaction, with and without queuing a mail in it, in alternating blocks;
 * answers each kind's milliseconds per transaction, sorted.
 */
async function timeEnqueue(database: DatabaseHandle): Promise<{ without: number[]; withMail: number[] }> {
  const queue = createJobQueue({ database, log: quietLog, timeoutSeconds: 120, isWorker: false });
  queue.define(mailJobKind({ mailer: { send: () => Promise.reject(new Error('not sent here')) }, publicUrl: 'http://bench.test', retryLimit: 10, retryDelaySeconds: 60 }));
  await queue.open();
  const mail = createMailQueue(queue);
  const times = { without: [] as number[], withMail: [] as number[] };
  try {
    for (let block = 0; block < BLOCKS * 2 + 2; block += 1) {
      const withMail = block % 2 === 1;
      for (let index = 0; index < TRANSACTIONS_PER_BLOCK; index += 1) {
        const started = performance.now();
        await database.db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
          if (withMail) {
            await mail.enqueue(tx, { to: `timed-${block}-${index}@${INVITED_DOMAIN}`, subject: 'Timed', text: 'Queued to time the queue.' });
          }
        });
        // The first block of each kind warms up.
        if (block >= 2) {
          (withMail ? times.withMail : times.without).push(performance.now() - started);
        }
      }
    }
  } finally {
    await queue.stop(0);
  }
  times.without.sort((a, b) => a - b);
  times.withMail.sort((a, b) => a - b);
  return times;
}

interface Round {
  route: 'invite' | 'update';
  requests: number;
  non2xx: number;
  errors: number;
  mean: number;
  p50: number;
  p99: number;
  perSecond: number;
}

async function main(): Promise<void> {
  const sink = await startSmtpSink();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-mail-bench-'));
  const scratch: ScratchDatabase | undefined = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  const invitationsNeeded = WARMUP_REQUESTS + REQUESTS * ROUNDS;
  const supplierCount = Math.ceil(invitationsNeeded / MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR);
  try {
    // The data, as main.ts prepares it, with the suppliers and members the rounds need.
    const setup = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    const supplierIds: number[] = [];
    const memberIds: number[] = [];
    try {
      await setup.migrate();
      await ensureFormDefinitions(setup.db);
      await seedDemoData(setup.db);
      const [admin] = await setup.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
      if (!admin) {
        throw new Error('the demo admin is missing');
      }
      for (let index = 0; index < supplierCount; index += 1) {
        const { supplierId } = await createSupplierWithMembers(setup.db, { tradingName: `Mail Bench Supplier ${index}`, members: [{ userId: admin.id, isAdmin: true }] });
        supplierIds.push(supplierId);
      }
      for (let index = 0; index < MEMBERS; index += 1) {
        const member = await createUser(setup.db, { email: `member-${index}@${INVITED_DOMAIN}`, name: `Bench Member ${index}` });
        await setup.db.insert(supplierMemberships).values({ supplierId: supplierIds[0] ?? 0, userId: member.id, isAdmin: false });
        memberIds.push(member.id);
      }
    } finally {
      await setup.close();
    }

    const serverOptions = { dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}), env: { LOG_LEVEL: 'error', SMTP_URL: sink.url } };
    const requestServer = await startServer({ ...serverOptions, env: { ...serverOptions.env, JOB_WORKER: 'false' } });
    const rounds: Round[] = [];
    let invited = 0;
    try {
      const { accessToken } = await signInOverHttp(requestServer, 'admin@example.com', DEMO_PASSWORD);
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      let nextInvitation = 0;
      let nextToggle = 0;
      const memberIsAdmin = new Map(memberIds.map((id) => [id, false]));

      const run = async (route: Round['route'], amount: number): Promise<Round> => {
        const result = await autocannon({
          url: requestServer.baseUrl,
          connections: CONNECTIONS,
          amount,
          requests: [
            {
              setupRequest: (request) => {
                if (route === 'invite') {
                  const index = nextInvitation;
                  nextInvitation += 1;
                  return {
                    ...request,
                    method: 'POST',
                    path: '/api/v1/user/users',
                    headers: { ...headers, [SUPPLIER_HEADER]: String(supplierIds[index % supplierIds.length]) },
                    body: JSON.stringify({ name: `Bench Invitee ${index}`, email: `invitee-${index}@${INVITED_DOMAIN}`, isAdmin: false }),
                  };
                }
                const memberId = memberIds[nextToggle % memberIds.length] ?? 0;
                nextToggle += 1;
                const isAdmin = !(memberIsAdmin.get(memberId) ?? false);
                memberIsAdmin.set(memberId, isAdmin);
                return {
                  ...request,
                  method: 'PUT',
                  path: `/api/v1/user/users/${memberId}`,
                  headers: { ...headers, [SUPPLIER_HEADER]: String(supplierIds[0]) },
                  body: JSON.stringify({ isAdmin }),
                };
              },
            },
          ],
        });
        if (route === 'invite') {
          invited += result['2xx'];
        }
        return {
          route,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          mean: result.latency.mean,
          p50: result.latency.p50,
          p99: result.latency.p99,
          perSecond: result.requests.average,
        };
      };

      // Warm-up: the first requests of each route compile its code paths.
      await run('invite', WARMUP_REQUESTS);
      await run('update', WARMUP_REQUESTS);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const route of ['invite', 'update'] as const) {
          const measured = await run(route, REQUESTS);
          rounds.push(measured);
          console.log(`${route}: ${String(measured.requests)} requests, p50 ${String(measured.p50)} ms, mean ${measured.mean.toFixed(2)} ms, p99 ${String(measured.p99)} ms, ${String(measured.non2xx)} not 2xx`);
        }
      }
    } finally {
      await requestServer.stop();
    }

    // The queued mails, sent by a worker started on the same data.
    const queued = invited;
    const before = sink.received.length;
    const worker = await startServer(serverOptions);
    try {
      const deadline = Date.now() + 600_000;
      while (sink.received.length - before < queued && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
    const sent = sink.received.slice(before);

    const timing = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    let enqueue: Awaited<ReturnType<typeof timeEnqueue>>;
    try {
      enqueue = await timeEnqueue(timing);
    } finally {
      await timing.close();
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const addedMs = percentile(enqueue.withMail, 0.5) - percentile(enqueue.without, 0.5);

    const distinct = new Set(sent.map((mail) => mail.messageId)).size;
    const first = sent[0]?.receivedAt ?? 0;
    const last = sent.at(-1)?.receivedAt ?? 0;
    const mailsPerSecond = sent.length > 1 ? ((sent.length - 1) * 1000) / (last - first) : Number.NaN;

    const of = (route: Round['route']) => rounds.filter((round) => round.route === route);
    const p50Of = (route: Round['route']) => median(of(route).map((round) => round.p50));
    const meanOf = (route: Round['route']) => median(of(route).map((round) => round.mean));
    const failed = rounds.reduce((sum, round) => sum + round.non2xx + round.errors, 0);
    const report = [
      `Run ${minuteInUtc()} UTC, ${scratch ? 'PostgreSQL' : 'embedded PGlite'}, ${String(os.cpus().length)} CPUs shared by autocannon, the SMTP sink, the server and its database; Node ${process.version}.`,
      '',
      `**A request that queues a mail** (${String(ROUNDS)} rounds of ${String(REQUESTS)} requests per route, alternating, ${String(CONNECTIONS)} connections, worker off):`,
      '',
      '| route | round | requests | not 2xx | p50 (ms) | mean (ms) | p99 (ms) | requests a second |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rounds.map(
        (round, index) =>
          `| ${round.route === 'invite' ? 'invite a person (queues a mail)' : "change a member's admin flag (no mail)"} | ${String(Math.floor(index / 2) + 1)} | ${String(round.requests)} | ${String(round.non2xx + round.errors)} | ${String(round.p50)} | ${round.mean.toFixed(2)} | ${String(round.p99)} | ${round.perSecond.toFixed(0)} |`,
      ),
      '',
      `Ratio invite / change (medians of the rounds): **p50 ${(p50Of('invite') / p50Of('update')).toFixed(2)}**, mean ${(meanOf('invite') / meanOf('update')).toFixed(2)}.`,
      '',
      `**The queue's own share** (in this process, server stopped; ${String(BLOCKS)} alternating blocks of ${String(TRANSACTIONS_PER_BLOCK)} transactions of each kind after one of each to warm up): ` +
        `a transaction of one read takes p50 ${percentile(enqueue.without, 0.5).toFixed(2)} ms (mean ${mean(enqueue.without).toFixed(2)}, p99 ${percentile(enqueue.without, 0.99).toFixed(2)}); ` +
        `with a mail queued in it p50 ${percentile(enqueue.withMail, 0.5).toFixed(2)} ms (mean ${mean(enqueue.withMail).toFixed(2)}, p99 ${percentile(enqueue.withMail, 0.99).toFixed(2)}): ` +
        `**queuing a mail adds ${addedMs.toFixed(2)} ms** at the median, ${((addedMs / p50Of('invite')) * 100).toFixed(0)} % of the invitation's p50 over HTTP.`,
      '',
      `**Mail jobs through the queue**: ${String(sent.length)} of ${String(queued)} queued mails sent by one worker process to the SMTP sink (${String(distinct)} distinct Message-IDs), **${mailsPerSecond.toFixed(0)} mails a second** from the sink's first acknowledgement to its last.`,
    ].join('\n');
    console.log(`\n${report}`);
    if (process.env.MAIL_BENCH_WRITE_README !== 'false') {
      await writeReadmeSection('mail', report);
    }
    if (failed > 0 || sent.length !== queued) {
      process.exitCode = 1;
    }
  } finally {
    await sink.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
