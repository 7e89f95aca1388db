/**
 * Two server processes, one PostgreSQL database (issue 14, Prove 4; issue 28, Proof): processes A
 * and B on their own ports behind the same address (PUBLIC_URL, as behind a load balancer) and
 * sharing DATA_DIR for uploads, both job workers, both sending mail to one local SMTP server
 * (`server/test/smtp-sink.ts`). A session, the per-account sign-in throttle, the directory cache, the billing
 * reminders, a cron schedule and a pile of queued mail must each behave as with one process. Needs
 * DATABASE_URL (as `npm run test:db` sets it): PGlite opens in one process at a time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingReminderPeriod } from '../../common/reporting/billing-reports';
import type { DirectorySearchResponse } from '../../common/api/directory';
import type { CurrentUserResponse } from '../../common/api/user';
import { accountKeyOf, delayAfter, describeWait, FREE_FAILURES } from '../auth/sign-in-throttle';
import {
  CookieJar,
  buildAuthorizationRequest,
  followRedirectsWith,
  requestRefreshWith,
  sendAsBrowser,
  type FlowResponse,
} from '../auth/test-support';
import { createSupplierWithMembers, createUser, passkeyStep } from '../auth/test-support';
import { createDemoTeamPasskey } from '../test/demo-passkey';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { billingReminders, engagementNotices, signInFailures } from '../db/schema/index';
import { createJobQueue, JOB_SCHEMA } from '../jobs/job-queue';
import { createMailQueue, mailJobKind } from '../mail/mail-queue';
import { BILLING_REMINDER_QUEUE } from '../modules/reporting/reminders';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import {
  DEMO_PASSWORD,
  callApi,
  createScratchDatabase,
  findFreePort,
  httpSender,
  signInOverHttp,
  startServer,
  type ScratchDatabase,
  type ServerProcess,
} from './support';

const databaseUrl = process.env.DATABASE_URL;
/** The month reminders are due for today; none on the 1st to 4th of a month (BILLING_REMINDER_DAY). */
const reminderPeriod = billingReminderPeriod(new Date());
/** The address both processes stand behind; never resolved, every request goes to one process's port. */
const PUBLIC_URL = 'http://marketplace.test';
/** Sign-in posts allowed per client address per minute on these servers. */
const LOGIN_RATE_LIMIT = 6;
/** Every minute, so two periods pass during the file's run (pg-boss fires a schedule at most once a minute). */
const EVERY_MINUTE = '* * * * *';
/** The queue pg-boss's timekeeper puts each firing of a schedule on, with the minute it is for as its singleton. */
const SCHEDULE_FIRINGS_QUEUE = '__pgboss__send-it';
const QUEUED_MAILS = 500;
const BULK_DOMAIN = 'bulk.example.test';
/** A job queue's log in this test process, which only creates jobs. */
const quietLog = { level: 'silent', fatal: () => undefined, error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined, trace: () => undefined } as unknown as FastifyBaseLogger;

function randomAddress(): string {
  return `10.${[1, 2, 3].map(() => String(randomBytes(1)[0] ?? 1)).join('.')}`;
}

/** Polls `read` every 100 ms until `isDone` holds of its answer, for up to `limitMs`; answers the last answer and the time taken. */
async function pollUntil<T>(read: () => Promise<T>, isDone: (value: T) => boolean, limitMs = 15_000): Promise<{ value: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() - started > limitMs) {
      return { value, elapsedMs: Date.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL database (skipped without DATABASE_URL: PGlite opens in one process only)', () => {
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let dataDir = '';
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let sink: SmtpSink | undefined;
  /** The database's clock as A and B were started together: the schedule's firings are counted from then. */
  let bothStartedAt = new Date(0);
  const reminderRecipients: { supplierId: number; email: string }[] = [];

  const processA = () => a ?? expect.unreachable('process A is not running');
  const processB = () => b ?? expect.unreachable('process B is not running');
  const db = () => (database ?? expect.unreachable('no database')).db;
  const smtp = () => sink ?? expect.unreachable('no SMTP server');
  const query = async <Row>(text: string, values: unknown[] = []) =>
    (await (database ?? expect.unreachable('no database')).sqlConnection.executeSql(text, values)).rows as Row[];

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl ?? '');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-two-'));
    sink = await startSmtpSink();
    const [portA, portB] = [await findFreePort(), await findFreePort()];
    // Debug logs: each process's billing reminder runs and mails sent are counted from them.
    const env = { LOG_LEVEL: 'debug', LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT), SMTP_URL: sink.url, MAIL_RETRY_DELAY_SECONDS: '1' };
    const options = { dataDir, databaseUrl: scratch.url, publicUrl: PUBLIC_URL, env };
    // The first start migrates, seeds and stores the schedule at every minute; it stops before the
    // reminders below exist. Not a worker: no firing, so A and B fire for the minute they start in.
    const everyMinute = { ...options, env: { ...env, BILLING_REMINDER_SCHEDULE: EVERY_MINUTE } };
    const first = await startServer({ ...everyMinute, port: portA, env: { ...everyMinute.env, JOB_WORKER: 'false' } });
    await first.stop();

    database = await openDatabase({ databaseUrl: scratch.url });
    if (reminderPeriod !== null) {
      // Suppliers with an engagement running last month and no report: one reminder each is due.
      for (let index = 0; index < 3; index += 1) {
        const user = await createUser(database.db, { email: `reminded-${index}-${randomBytes(3).toString('hex')}@example.test` });
        const { supplierId } = await createSupplierWithMembers(database.db, { members: [{ userId: user.id, isAdmin: true }] });
        await database.db.insert(engagementNotices).values({
          supplierId,
          formVersion: 1,
          status: 'submitted',
          title: `Two-process engagement ${index}`,
          startDate: `${reminderPeriod}-01`,
          endDate: `${reminderPeriod}-28`,
        });
        reminderRecipients.push({ supplierId, email: user.email });
      }
    }
    // Both at once, both workers, both keeping the billing reminders' schedule at every minute.
    const [clock] = await query<{ now: Date }>('select now() as now');
    bothStartedAt = clock?.now ?? new Date();
    [a, b] = await Promise.all([startServer({ ...everyMinute, port: portA }), startServer({ ...everyMinute, port: portB })]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await sink?.close();
    await database?.close();
    await scratch?.drop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a session across processes: signed in on A, used and refreshed on B, signed out on A and refused by B', async () => {
    const [onA, onB] = [processA(), processB()];
    const tokens = await signInOverHttp(onA, 'admin@example.com', DEMO_PASSWORD);
    expect((await callApi<CurrentUserResponse>(onB.baseUrl, tokens, 'GET', '/user')).status).toBe(200);

    const refreshed = await requestRefreshWith(httpSender(onB.baseUrl), onB.flowConfig, tokens.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const renewed = JSON.parse(refreshed.body) as { access_token: string; refresh_token: string };
    const me = await callApi<CurrentUserResponse>(onA.baseUrl, { accessToken: renewed.access_token }, 'GET', '/user');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('admin@example.com');

    // Sign out on A as the apps do: the provider's session ends, then the refresh token is revoked.
    const sendToA = httpSender(onA.baseUrl);
    const query = new URLSearchParams({ id_token_hint: tokens.idToken, post_logout_redirect_uri: `${PUBLIC_URL}/`, state: 'bye' });
    const endPage = await sendAsBrowser(sendToA, tokens.jar, { method: 'GET', url: `/oidc/session/end?${query.toString()}` });
    expect(endPage.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(endPage.body)?.[1] ?? '';
    const confirmed = await sendAsBrowser(sendToA, tokens.jar, { method: 'POST', url: '/oidc/session/end/confirm', form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    const revoked = await sendToA({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: renewed.refresh_token, token_type_hint: 'refresh_token', client_id: onA.flowConfig.oidc.clientId }).toString(),
    });
    expect(revoked.statusCode).toBe(200);

    // B refuses both access tokens of the ended session at once, and both refresh tokens.
    expect((await callApi(onB.baseUrl, tokens, 'GET', '/user')).status).toBe(401);
    expect((await callApi(onB.baseUrl, { accessToken: renewed.access_token }, 'GET', '/user')).status).toBe(401);
    expect((await requestRefreshWith(httpSender(onB.baseUrl), onB.flowConfig, renewed.refresh_token)).statusCode).toBe(400);
    expect((await requestRefreshWith(httpSender(onB.baseUrl), onB.flowConfig, tokens.refreshToken)).statusCode).toBe(400);
  });

  /** Opens the sign-in page on one process (from a new client address): the interaction to post to. */
  async function openSignInPage(server: ServerProcess): Promise<{ loginPath: string; jar: CookieJar; remoteAddress: string }> {
    const send = httpSender(server.baseUrl);
    const jar = new CookieJar();
    const remoteAddress = randomAddress();
    const authorization = buildAuthorizationRequest(server.flowConfig);
    const first = await sendAsBrowser(send, jar, { method: 'GET', url: authorization.path, remoteAddress });
    const stop = await followRedirectsWith(send, server.flowConfig, jar, first, authorization.path, remoteAddress);
    if (stop.kind !== 'page' || stop.response.statusCode !== 200) {
      throw new Error('expected the sign-in page');
    }
    return { loginPath: `${stop.path}/login`, jar, remoteAddress };
  }

  async function postPassword(server: ServerProcess, page: Awaited<ReturnType<typeof openSignInPage>>, email: string, password: string): Promise<FlowResponse> {
    return sendAsBrowser(httpSender(server.baseUrl), page.jar, { method: 'POST', url: page.loginPath, form: { email, password }, remoteAddress: page.remoteAddress });
  }

  async function tryPassword(server: ServerProcess, email: string, password: string): Promise<FlowResponse> {
    return postPassword(server, await openSignInPage(server), email, password);
  }

  async function failureRow(email: string) {
    const [row] = await db().select().from(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(email)));
    return row;
  }

  it('counts failed sign-ins to one account on both processes together, and makes both wait as one would', async () => {
    const [onA, onB] = [processA(), processB()];
    const email = 'member@example.com';
    // The free failures and the first that costs a wait, every other one on the other process.
    for (let attempt = 1; attempt <= FREE_FAILURES + 1; attempt += 1) {
      expect((await tryPassword(attempt % 2 === 1 ? onA : onB, email, 'wrong password')).statusCode).toBe(401);
    }
    const afterSix = await failureRow(email);
    expect(afterSix?.failures).toBe(FREE_FAILURES + 1);
    expect((afterSix?.blockedUntil?.getTime() ?? 0) - (afterSix?.lastFailureAt.getTime() ?? 0)).toBe(delayAfter(FREE_FAILURES + 1) * 1000);

    // A waits out the wait B's failure set (every refused try says so), then fails once more.
    const waited = await pollUntil(
      () => tryPassword(onA, email, 'wrong password'),
      (response) => response.statusCode !== 429,
    );
    expect(waited.value.statusCode).toBe(401);
    // B, with its sign-in page already open, refuses even the right password now: the wait A's failure earned.
    const pageOnB = await openSignInPage(onB);
    const afterSeven = await failureRow(email);
    expect(afterSeven?.failures).toBe(FREE_FAILURES + 2);
    const wait = delayAfter(FREE_FAILURES + 2);
    expect((afterSeven?.blockedUntil?.getTime() ?? 0) - (afterSeven?.lastFailureAt.getTime() ?? 0)).toBe(wait * 1000);
    const refused = await postPassword(onB, pageOnB, email, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('too many failed attempts to sign in with this email address');
    console.log(`two processes, sign-in throttle: ${FREE_FAILURES + 2} failures split between A and B counted as one (${afterSeven?.failures ?? 0}); B refused the right password during the wait of ${describeWait(wait)} A's failure earned, as one process would`);

    // Once the wait is over, the right password signs in on B and the count starts again.
    const signedIn = await pollUntil(
      () => tryPassword(onB, email, DEMO_PASSWORD),
      (response) => response.statusCode !== 429,
    );
    expect(signedIn.value.statusCode).toBe(303);
    expect(await failureRow(email)).toBeUndefined();
  });

  it('counts one address\'s sign-in posts on both processes together against LOGIN_RATE_LIMIT', async () => {
    const [onA, onB] = [processA(), processB()];
    const address = randomAddress();
    // The limit counts before the handler looks at the interaction, so any sign-in post counts.
    const post = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/interaction/no-such-interaction/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'x-forwarded-for': address },
        body: 'email=someone%40example.test&password=guess',
      }).then((response) => response.status);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT + 1; attempt += 1) {
      statuses.push(await post(attempt % 2 === 0 ? onA : onB));
    }
    // Counted in each process's memory, each would allow LOGIN_RATE_LIMIT: twice as many in all.
    expect(statuses.slice(0, LOGIN_RATE_LIMIT)).not.toContain(429);
    expect(statuses[LOGIN_RATE_LIMIT]).toBe(429);
    expect(await post(onA)).toBe(429);
    console.log(`two processes, per-address sign-in limit: ${LOGIN_RATE_LIMIT} posts from one address split between A and B allowed, the next refused on either`);
  });

  it('shows a supplier suspended through A in the directory searches B has cached, within about a second, and back once reinstated', async () => {
    const [onA, onB] = [processA(), processB()];
    const search = async () => {
      const response = await fetch(`${onB.baseUrl}/api/v1/directory/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword: 'Kōwhai' }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as DirectorySearchResponse).results.map((result) => result.title);
    };
    // Answered and cached on B.
    expect(await search()).toContain('Kōwhai Digital');
    expect(await search()).toContain('Kōwhai Digital');

    // The team's pages need a second factor: the demo team admin's passkey.
    const teamMember = await signInOverHttp(onA, 'staff@example.com', DEMO_PASSWORD, { secondStep: passkeyStep(createDemoTeamPasskey(), onA.flowConfig.publicUrl) });
    const admin = await signInOverHttp(onA, 'admin@example.com', DEMO_PASSWORD);
    const me = await callApi<CurrentUserResponse>(onA.baseUrl, admin, 'GET', '/user');
    const supplierId = me.body.suppliers.find((supplier) => supplier.tradingName === 'Kōwhai Digital')?.supplierID;
    expect(supplierId).toBeDefined();

    const suspended = await callApi(onA.baseUrl, teamMember, 'POST', `/admin/suppliers/${supplierId}/suspend`, { reason: 'Two-process test' });
    expect(suspended.status).toBe(200);
    const gone = await pollUntil(search, (titles) => !titles.includes('Kōwhai Digital'));
    expect(gone.value).not.toContain('Kōwhai Digital');

    const reinstated = await callApi(onA.baseUrl, teamMember, 'POST', `/admin/suppliers/${supplierId}/reinstate`, { reason: 'Two-process test over' });
    expect(reinstated.status).toBe(200);
    const back = await pollUntil(search, (titles) => titles.includes('Kōwhai Digital'));
    expect(back.value).toContain('Kōwhai Digital');
    console.log(`two processes, directory cache: B's cached search changed ${gone.elapsedMs} ms after A's suspension and ${back.elapsedMs} ms after its reinstatement`);
  });

  it('sends 500 queued mails once each, shared between the two workers', async () => {
    const [onA, onB] = [processA(), processB()];
    // Queued as the portal queues mail, all in one transaction: both workers find them at once.
    const queue = createJobQueue({ database: database ?? expect.unreachable('no database'), log: quietLog, timeoutSeconds: 120, isWorker: false });
    queue.define(
      mailJobKind({
        mailer: { send: () => Promise.reject(new Error('this process only queues mail')) },
        publicUrl: PUBLIC_URL,
        retryLimit: 10,
        retryDelaySeconds: 1,
      }),
    );
    await queue.open();
    try {
      const mail = createMailQueue(queue);
      await db().transaction(async (tx) => {
        for (let index = 0; index < QUEUED_MAILS; index += 1) {
          await mail.enqueue(tx, { to: `bulk-${index}@${BULK_DOMAIN}`, subject: 'Two processes, one queue', text: `Mail ${index} of ${QUEUED_MAILS}.` });
        }
      });
    } finally {
      await queue.stop(0);
    }
    const bulkMail = () => smtp().received.filter((received) => received.recipients.some((recipient) => recipient.endsWith(`@${BULK_DOMAIN}`)));
    // Drained: every job marked done (after the SMTP server's acknowledgement of its mail).
    const unfinished = async () =>
      (
        await query<{ total: number }>(
          `select count(*)::integer as total from ${JOB_SCHEMA}.job where name = 'send-mail' and data->>'to' like $1 and state <> 'completed'`,
          [`%@${BULK_DOMAIN}`],
        )
      )[0]?.total;
    const drained = await pollUntil(unfinished, (total) => total === 0, 90_000);
    expect(drained.value).toBe(0);

    const received = bulkMail();
    const messageIds = new Set(received.map((mail) => mail.messageId));
    expect(received).toHaveLength(QUEUED_MAILS);
    expect(messageIds.size).toBe(QUEUED_MAILS);
    for (let index = 0; index < QUEUED_MAILS; index += 1) {
      expect(received.filter((mail) => mail.recipients.includes(`bulk-${index}@${BULK_DOMAIN}`))).toHaveLength(1);
    }
    // Who sent which: each process logs the Message-ID of every mail it sent (not its recipients).
    const sentBy = (server: ServerProcess) =>
      new Set(server.logEntries().flatMap((entry) => (entry.msg === 'mail sent' && messageIds.has(String(entry.mailId)) ? [String(entry.mailId)] : [])));
    const [byA, byB] = [sentBy(onA), sentBy(onB)];
    expect([...byA].filter((id) => byB.has(id))).toEqual([]);
    expect(byA.size + byB.size).toBe(QUEUED_MAILS);
    expect(byA.size).toBeGreaterThan(0);
    expect(byB.size).toBeGreaterThan(0);
    console.log(`two processes, ${QUEUED_MAILS} queued mails: A sent ${byA.size} and B ${byB.size}; ${messageIds.size} distinct Message-IDs received, none twice`);
  }, 120_000);

  it.skipIf(reminderPeriod === null)('sends each billing reminder once with the schedule kept by both processes (not run on the 1st to 4th of a month)', async () => {
    const [onA, onB] = [processA(), processB()];
    const period = reminderPeriod ?? '';
    const remindedBy = (server: ServerProcess) =>
      server
        .logEntries()
        .filter((entry) => entry.msg === 'billing reminder run finished' && entry.period === period)
        .reduce((sum, entry) => sum + Number(entry.suppliers), 0);
    const recipients = reminderRecipients.map((recipient) => recipient.email.toLowerCase());
    const mailOf = (email: string) => smtp().received.filter((mail) => mail.recipients.includes(email));
    // The schedule's first firing with both processes up (within a minute and a half) queues them.
    await pollUntil(
      async () => recipients.every((email) => mailOf(email).length > 0),
      (done) => done,
      120_000,
    );
    expect(remindedBy(onA) + remindedBy(onB)).toBe(reminderRecipients.length);
    const claims = await db()
      .select({ supplierId: billingReminders.supplierId })
      .from(billingReminders)
      .where(inArray(billingReminders.supplierId, reminderRecipients.map((recipient) => recipient.supplierId)));
    expect(claims).toHaveLength(reminderRecipients.length);
    for (const email of recipients) {
      expect(mailOf(email), email).toHaveLength(1);
    }
    console.log(
      `two processes, billing reminders for ${period}: ${reminderRecipients.length} due, A reminded ${remindedBy(onA)} and B ${remindedBy(onB)}; one mail each`,
    );
  }, 150_000);

  it('fires a cron schedule kept by both processes once a minute, not twice', async () => {
    // Each firing of a schedule is a job of pg-boss's own queue with the minute it is for as its
    // singleton; whichever worker takes it creates the scheduled job. Counted from when both started,
    // the moment both timekeepers look for the minute's firing at once.
    interface Firing {
      minute: Date;
      created: Date;
    }
    const firings = () =>
      query<Firing>(
        `select singleton_on as minute, created_on as created from ${JOB_SCHEMA}.job where name = $1 and data->>'name' = $2 and created_on >= $3
         union all select singleton_on, created_on from ${JOB_SCHEMA}.archive where name = $1 and data->>'name' = $2 and created_on >= $3 order by 2`,
        [SCHEDULE_FIRINGS_QUEUE, BILLING_REMINDER_QUEUE, bothStartedAt],
      );
    const scheduledJobs = () =>
      query<{ created: Date; state: string }>(
        `select created_on as created, state::text as state from ${JOB_SCHEMA}.job where name = $1 and created_on >= $2
         union all select created_on, state::text from ${JOB_SCHEMA}.archive where name = $1 and created_on >= $2 order by 1`,
        [BILLING_REMINDER_QUEUE, bothStartedAt],
      );
    // Two firings: the first may be for the minute both started in, the second is for the next.
    const fired = await pollUntil(firings, (rows) => rows.length >= 2, 150_000);
    expect(fired.value.length).toBeGreaterThanOrEqual(2);
    // Each firing's job is created by whichever worker takes the firing, within seconds: read both
    // until they agree (a second job for a minute would keep them apart).
    const settled = await pollUntil(
      async () => ({ firings: await firings(), jobs: await scheduledJobs() }),
      (read) => read.jobs.length === read.firings.length,
      30_000,
    );
    const allFirings = settled.value.firings;
    const minutes = allFirings.map((firing) => new Date(firing.minute).getTime());
    // One firing per minute, for consecutive minutes, and one scheduled job per firing.
    expect(new Set(minutes).size).toBe(minutes.length);
    for (let index = 1; index < minutes.length; index += 1) {
      expect((minutes[index] ?? 0) - (minutes[index - 1] ?? 0)).toBe(60_000);
    }
    expect(settled.value.jobs).toHaveLength(allFirings.length);
    console.log(
      `two processes, cron schedule '${EVERY_MINUTE}': ${allFirings.length} minutes (${allFirings.map((firing) => new Date(firing.minute).toISOString().slice(11, 16)).join(', ')} UTC), one firing and one scheduled job each (waited ${Math.round(fired.elapsedMs / 1000)} s)`,
    );
  }, 180_000);
});
