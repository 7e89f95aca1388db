/**
 * Mail through the job queue to a real SMTP server started by the test (smtp-server, no mock of
 * nodemailer), on the test's own database (PGlite here, PostgreSQL in `npm run test:db`): a change
 * that rolls back sends nothing, one that commits sends exactly once, a server that refuses and
 * then accepts gets the mail once, under the Message-ID it was first tried with, and an invitation
 * answers at once while the mail server is down, its mail kept for a retry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../auth/test-support';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { buildTestApp, type TestContext } from '../test/harness';
import { MAIL_QUEUE, messageIdOfJob } from './mail-queue';

/** The mail jobs to `recipient`: their states and reasons, oldest first. */
async function mailJobs(context: TestContext, recipient: string): Promise<{ id: string; state: string; reason: string | null }[]> {
  const result = await context.database.db.execute(
    sql`select id, state, output->>'message' as reason from ${sql.identifier(JOB_SCHEMA)}.job where name = ${MAIL_QUEUE} and data->>'to' = ${recipient} order by created_on, id`,
  );
  return (result as { rows: { id: string; state: string; reason: string | null }[] }).rows;
}

/** Makes every waiting retry due now (a second back: the embedded database's clock may not move between two statements), instead of waiting for its backoff. */
async function makeRetriesDue(context: TestContext): Promise<void> {
  await context.database.db.execute(sql`update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now() - interval '1 second' where name = ${MAIL_QUEUE} and state = 'retry'`);
}

describe('mail through the job queue, to a real SMTP server', () => {
  let sink: SmtpSink;
  let context: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    context = await buildTestApp({ SMTP_URL: sink.url, MAIL_OUTBOX: 'false', MAIL_RETRY_LIMIT: '3', MAIL_RETRY_DELAY_SECONDS: '1' });
  });
  afterAll(async () => {
    await context.close();
    await sink.close();
  });

  const queue = (to: string, subject: string) => context.database.db.transaction((tx) => context.app.mail.enqueue(tx, { to, subject, text: 'Hello.' }));
  const to = (recipient: string) => (mail: { recipients: string[] }) => mail.recipients.includes(recipient);

  it('sends nothing for a change that rolls back, and exactly once for one that commits', async () => {
    await context.database.db
      .transaction(async (tx) => {
        await context.app.mail.enqueue(tx, { to: 'rolled-back@example.com', subject: 'Never sent', text: 'Rolled back.' });
        tx.rollback();
      })
      .catch(() => undefined);
    await queue('committed@example.com', 'Sent once');

    expect(await context.runQueuedJobs()).toBe(1);
    expect(await context.runQueuedJobs()).toBe(0);
    const [job] = await mailJobs(context, 'committed@example.com');
    expect(job?.state).toBe('completed');
    expect(sink.received.map(({ messageId, recipients }) => ({ messageId, recipients }))).toEqual([
      { messageId: messageIdOfJob(job?.id ?? '', context.config.publicUrl), recipients: ['committed@example.com'] },
    ]);
    expect(await mailJobs(context, 'rolled-back@example.com')).toEqual([]);
  });

  it('tries again when the server refuses, and the mail arrives once, under the Message-ID of its first try', async () => {
    sink.refuseNext(2);
    await queue('patient@example.com', 'Eventually');

    await context.runQueuedJobs();
    expect(sink.received.filter(to('patient@example.com'))).toEqual([]);
    const [waiting] = await mailJobs(context, 'patient@example.com');
    expect(waiting?.state).toBe('retry');
    expect(waiting?.reason).toContain('451');

    await makeRetriesDue(context);
    await context.runQueuedJobs();
    await makeRetriesDue(context);
    await context.runQueuedJobs();

    const messageId = messageIdOfJob(waiting?.id ?? '', context.config.publicUrl);
    expect(sink.refused.filter(to('patient@example.com')).map((mail) => mail.messageId)).toEqual([messageId, messageId]);
    expect(sink.received.filter(to('patient@example.com')).map((mail) => mail.messageId)).toEqual([messageId]);
    expect((await mailJobs(context, 'patient@example.com'))[0]?.state).toBe('completed');
  });

  it('marks the mail failed, with why, once its tries are spent', async () => {
    sink.refuseNext(10);
    await queue('unlucky@example.com', 'Refused');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await makeRetriesDue(context);
      await context.runQueuedJobs();
    }
    sink.refuseNext(0);
    expect(sink.refused.filter(to('unlucky@example.com'))).toHaveLength(4);
    expect(sink.received.filter(to('unlucky@example.com'))).toEqual([]);
    const [failed] = await mailJobs(context, 'unlucky@example.com');
    expect(failed?.state).toBe('failed');
    expect(failed?.reason).toContain('451');
  });

  it('answers an invitation at once while the mail server is down (it answered 500 before the queue), and keeps its mail for a retry', async () => {
    await sink.close();
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
    const [waiting] = await mailJobs(context, 'waiting@example.com');
    expect(waiting?.state).toBe('retry');
    expect(waiting?.reason).toMatch(/ECONNREFUSED|connect/i);
  });
});
