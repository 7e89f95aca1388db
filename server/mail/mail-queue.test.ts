/**
 * Mail through the job queue to a real SMTP server started by the test (smtp-server, no mock of
 * nodemailer), on the test's own database (PGlite here, PostgreSQL in `npm run test:db`): a change
 * that rolls back sends nothing, one that commits sends exactly once, a server that refuses and
 * then accepts gets the mail once, under the Message-ID it was first tried with, and an invitation
 * answers at once while the mail server is down, its mail kept for a retry.
 */
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../auth/test-support';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { startSmtpSink, type SmtpSink } from '../resilience/smtp-sink';
import { buildTestApp, type TestContext } from '../test/harness';
import { MAIL_QUEUE, messageIdOfJob } from './mail-queue';

/** The mail jobs' states and reasons, oldest first. */
async function mailJobs(context: TestContext): Promise<{ id: string; state: string; reason: string | null }[]> {
  const result = await context.database.db.execute(
    sql`select id, state, output->>'message' as reason from ${sql.identifier(JOB_SCHEMA)}.job where name = ${MAIL_QUEUE} order by created_on, id`,
  );
  return (result as { rows: { id: string; state: string; reason: string | null }[] }).rows;
}

/** Makes every waiting retry due now, instead of waiting for its backoff. */
async function makeRetriesDue(context: TestContext): Promise<void> {
  await context.database.db.execute(sql`update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now() where name = ${MAIL_QUEUE} and state = 'retry'`);
}

/** A port with nothing listening on it: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const smtpEnv = (url: string) => ({ SMTP_URL: url, MAIL_OUTBOX: 'false', MAIL_RETRY_LIMIT: '3', MAIL_RETRY_DELAY_SECONDS: '1' });

describe('mail through the job queue, to a real SMTP server', () => {
  const opened: (TestContext | SmtpSink)[] = [];
  afterEach(async () => {
    for (const item of opened.splice(0)) {
      await item.close();
    }
  });
  afterAll(async () => {
    for (const item of opened) {
      await item.close();
    }
  });

  async function start(options: { refuseFirst?: number } = {}) {
    const sink = await startSmtpSink(options);
    opened.push(sink);
    const context = await buildTestApp(smtpEnv(sink.url));
    opened.push(context);
    return { sink, context };
  }

  it('sends nothing for a change that rolls back, and exactly once for one that commits', async () => {
    const { sink, context } = await start();
    const { db } = context.database;
    await db
      .transaction(async (tx) => {
        await context.app.mail.enqueue(tx, { to: 'rolled-back@example.com', subject: 'Never sent', text: 'Rolled back.' });
        tx.rollback();
      })
      .catch(() => undefined);
    await db.transaction((tx) => context.app.mail.enqueue(tx, { to: 'committed@example.com', subject: 'Sent once', text: 'Committed.' }));

    expect(await context.runQueuedJobs()).toBe(1);
    expect(await context.runQueuedJobs()).toBe(0);
    const [job] = await mailJobs(context);
    expect(sink.received.map(({ messageId, recipients }) => ({ messageId, recipients }))).toEqual([
      { messageId: messageIdOfJob(job?.id ?? '', context.config.publicUrl), recipients: ['committed@example.com'] },
    ]);
    expect(job?.state).toBe('completed');
  });

  it('tries again when the server refuses, and the mail arrives once, under the Message-ID of its first try', async () => {
    const { sink, context } = await start({ refuseFirst: 2 });
    await context.database.db.transaction((tx) => context.app.mail.enqueue(tx, { to: 'patient@example.com', subject: 'Eventually', text: 'Hello.' }));

    await context.runQueuedJobs();
    expect(sink.received).toEqual([]);
    const [waiting] = await mailJobs(context);
    expect(waiting).toMatchObject({ state: 'retry' });
    expect(waiting?.reason).toContain('451');

    await makeRetriesDue(context);
    await context.runQueuedJobs();
    await makeRetriesDue(context);
    await context.runQueuedJobs();

    const messageId = messageIdOfJob(waiting?.id ?? '', context.config.publicUrl);
    expect(sink.refused.map((mail) => mail.messageId)).toEqual([messageId, messageId]);
    expect(sink.received.map((mail) => mail.messageId)).toEqual([messageId]);
    expect((await mailJobs(context))[0]?.state).toBe('completed');
  });

  it('marks the mail failed, with why, once its tries are spent', async () => {
    const { sink, context } = await start({ refuseFirst: 10 });
    await context.database.db.transaction((tx) => context.app.mail.enqueue(tx, { to: 'unlucky@example.com', subject: 'Refused', text: 'Hello.' }));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await makeRetriesDue(context);
      await context.runQueuedJobs();
    }
    expect(sink.refused).toHaveLength(4);
    expect(sink.received).toEqual([]);
    const [failed] = await mailJobs(context);
    expect(failed?.state).toBe('failed');
    expect(failed?.reason).toContain('451');
  });

  it('answers an invitation at once while the mail server is down (it answered 500 before the queue), and keeps its mail for a retry', async () => {
    const port = await closedPort();
    const context = await buildTestApp(smtpEnv(`smtp://127.0.0.1:${port}`));
    opened.push(context);
    const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName: 'Down Mail Ltd' });
    const admin = await createSignedInUser(context, { name: 'Down Mail Admin', suppliers: [{ supplierId, isAdmin: true }] });
    const invited = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user/users',
      headers: bearer(admin.accessToken, supplierId),
      payload: { name: 'Waiting Person', email: 'waiting@example.com', isAdmin: false },
    });
    expect(invited.statusCode).toBe(201);

    await context.runQueuedJobs();
    const [waiting] = await mailJobs(context);
    expect(waiting?.state).toBe('retry');
    expect(waiting?.reason).toMatch(/ECONNREFUSED|connect/i);
  });
});
