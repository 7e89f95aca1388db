/** "Forgot your password?": the same answer for everyone, a single-use one-hour link, sessions ended. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../db/schema/index';
import { readOutboxMessage } from '../mail/index';
import { buildTestApp, type TestContext } from '../test/harness';
import { FORGOT_PASSWORD_PATH, PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_QUEUE, RESET_PASSWORD_PATH, requestPasswordReset } from './accounts';
import { COMMON_PASSWORD_MESSAGE, TOO_SHORT_MESSAGE } from './password-policy';
import { CookieJar, browserRequest, createIdentityAccount, requestRefresh, signIn, uniqueEmail } from './test-support';

const NEW_PASSWORD = 'violet harbour tandem 7';

function randomAddress(): string {
  const [a = 1, b = 1, c = 1] = randomBytes(3);
  return `10.${String(a)}.${String(b)}.${String(c)}`;
}

describe('forgot your password', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const page = (url: string, form?: Record<string, string>, remoteAddress = randomAddress()) =>
    browserRequest(context.app, new CookieJar(), { method: form ? 'POST' : 'GET', url, ...(form ? { form } : {}), remoteAddress });

  const mailsTo = async (email: string) => (await context.deliverMail()).filter((entry) => entry.to.includes(email));

  async function readResetToken(email: string): Promise<string> {
    const [entry] = await mailsTo(email);
    const message = entry ? await readOutboxMessage(context.config.mail.outboxDir, entry.id) : undefined;
    const match = new RegExp(`${context.config.publicUrl}${RESET_PASSWORD_PATH}/([A-Za-z0-9_-]{43})`).exec(message?.text ?? '');
    if (!match?.[1]) {
      throw new Error(`no reset link mailed to ${email}`);
    }
    return match[1];
  }

  /** The page's text without the typed address, to compare the answers for two addresses. */
  const answerOf = (body: string, email: string) => body.replaceAll(email, 'EMAIL');

  it('the sign-in page links to it; it asks for the email under the strict CSP', async () => {
    const response = await page(FORGOT_PASSWORD_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Reset your password</h1>');
    expect(response.body).toMatch(/<label[^>]*for="email"/);
    expect(response.body).not.toMatch(/style="/);
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('answers the same whether or not the email has an account, and mails a link only to an account', async () => {
    const account = await createIdentityAccount(context.database.db);
    const unknown = uniqueEmail('nobody');
    const known = await page(FORGOT_PASSWORD_PATH, { email: account.email });
    const notKnown = await page(FORGOT_PASSWORD_PATH, { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(notKnown.statusCode).toBe(200);
    expect(known.body).toContain('Check your email');
    expect(answerOf(known.body, account.email)).toBe(answerOf(notKnown.body, unknown));
    expect(await mailsTo(unknown)).toEqual([]);
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/Reset your password/);
    // Only the hash is stored.
    const token = await readResetToken(account.email);
    const rows = await context.database.db.select().from(passwordResets);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('the link sets a new password once: the old one stops working, the new one works, other sessions end', async () => {
    const account = await createIdentityAccount(context.database.db);
    const before = await signIn(context, account.email, account.password);
    await page(FORGOT_PASSWORD_PATH, { email: account.email.toUpperCase() });
    const token = await readResetToken(account.email);
    const link = `${RESET_PASSWORD_PATH}/${token}`;

    const form = await page(link);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');

    const short = await page(link, { password: 'too short', confirmPassword: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(TOO_SHORT_MESSAGE);
    expect(short.body).toContain('There is a problem');
    const common = await page(link, { password: 'qwertyuiopas', confirmPassword: 'qwertyuiopas' });
    expect(common.body).toContain(COMMON_PASSWORD_MESSAGE);

    const changed = await page(link, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password has been changed');

    await expect(signIn(context, account.email, account.password)).rejects.toThrow(/failed with 401/);
    await signIn(context, account.email, NEW_PASSWORD);
    // The session from before the reset can no longer renew.
    expect((await requestRefresh(context.app, context.config, before.refreshToken)).statusCode).toBe(400);

    // Single use.
    const again = await page(link);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link does not work');
    const reused = await page(link, { password: `${NEW_PASSWORD} again`, confirmPassword: `${NEW_PASSWORD} again` });
    expect(reused.statusCode).toBe(404);
    await signIn(context, account.email, NEW_PASSWORD);
  });

  it('a link expires after 1 hour (fake clock)', async () => {
    const account = await createIdentityAccount(context.database.db);
    const issuedAt = new Date('2030-01-01T09:00:00Z');
    await requestPasswordReset({ db: context.database.db, mail: context.app.mail, config: context.config, now: () => issuedAt }, account.email);
    const token = await readResetToken(account.email);
    const [row] = await context.database.db.select().from(passwordResets).where(eq(passwordResets.createdAt, issuedAt));
    expect(row?.expiresAt.getTime()).toBe(issuedAt.getTime() + PASSWORD_RESET_LIFETIME_MS);
    // Move the stored expiry into the past: the real clock is now past the hour.
    await context.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where id = ${row?.id ?? 0}`);
    const expired = await page(`${RESET_PASSWORD_PATH}/${token}`);
    expect(expired.statusCode).toBe(404);
    expect((await page(`${RESET_PASSWORD_PATH}/${token}`, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(404);
    await signIn(context, account.email, account.password);
  });

  it('answers an address with an account and one without after the same work: one queued request each, looked up later by the queue', async () => {
    const account = await createIdentityAccount(context.database.db);
    const queued = async () => {
      const { rows } = await context.database.sqlConnection.executeSql(`select data->>'email' as email from pgboss.job where name = $1 and state = 'created' order by created_on`, [PASSWORD_RESET_QUEUE]);
      return rows.map((row) => row.email);
    };
    const linksOf = () => context.database.db.select().from(passwordResets).where(eq(passwordResets.accountId, account.id));
    await context.runQueuedJobs();
    for (const email of [account.email, 'no-account-here@example.com']) {
      const answer = await page(FORGOT_PASSWORD_PATH, { email });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('Check your email');
    }
    // Neither answer looked the address up: both requests wait in the queue, and no link exists yet.
    expect(await queued()).toEqual([account.email, 'no-account-here@example.com']);
    expect(await linksOf()).toEqual([]);
    expect(await mailsTo(account.email)).toHaveLength(1);
    expect(await linksOf()).toHaveLength(1);
    expect(await mailsTo('no-account-here@example.com')).toEqual([]);
  });

  it('sends one email when ten requests for an account arrive at once (issue 29: 10 of 10 went on PostgreSQL)', async () => {
    const account = await createIdentityAccount(context.database.db);
    const deps = { db: context.database.db, mail: context.app.mail, config: context.config };
    await Promise.all(Array.from({ length: 10 }, () => requestPasswordReset(deps, account.email)));
    const links = await context.database.db.select().from(passwordResets).where(eq(passwordResets.accountId, account.id));
    expect(links).toHaveLength(1);
    expect(await mailsTo(account.email)).toHaveLength(1);
  });

  it('a newer link replaces the older one; one email a minute per account', async () => {
    const account = await createIdentityAccount(context.database.db);
    await page(FORGOT_PASSWORD_PATH, { email: account.email });
    await page(FORGOT_PASSWORD_PATH, { email: account.email });
    expect(await mailsTo(account.email)).toHaveLength(1);
    const first = await readResetToken(account.email);
    await context.database.db.execute(sql`update password_resets set created_at = now() - interval '2 minutes' where used_at is null`);
    await page(FORGOT_PASSWORD_PATH, { email: account.email });
    const second = await readResetToken(account.email);
    expect(second).not.toBe(first);
    expect((await page(`${RESET_PASSWORD_PATH}/${first}`)).statusCode).toBe(404);
    expect((await page(`${RESET_PASSWORD_PATH}/${second}`)).statusCode).toBe(200);
  });

  it('bad input gets a clear 4xx page, never a 500', async () => {
    const empty = await page(FORGOT_PASSWORD_PATH, { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter your email address.');
    expect((await page(FORGOT_PASSWORD_PATH, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await page(FORGOT_PASSWORD_PATH, { email: 'a\u0000@example.test' })).statusCode).toBe(400);
    // A form cannot carry an unpaired surrogate (it arrives as U+FFFD); JSON, which could, is refused by the input guard.
    const json = await context.app.inject({
      method: 'POST',
      url: FORGOT_PASSWORD_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\ud800@example.test"}',
      remoteAddress: randomAddress(),
    });
    expect(json.statusCode).toBe(400);
    expect((await page(FORGOT_PASSWORD_PATH, { email: `${'a'.repeat(300)}@example.test` })).statusCode).toBe(400);
    const huge = await page(FORGOT_PASSWORD_PATH, { email: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain('We could not read that form');
    expect((await page(`${RESET_PASSWORD_PATH}/nonsense`)).statusCode).toBe(404);
    expect((await page(`${RESET_PASSWORD_PATH}/${'x'.repeat(500)}`)).statusCode).toBe(414);
    expect((await page(`${RESET_PASSWORD_PATH}/${'A'.repeat(43)}`, { password: '\u0000', confirmPassword: '' })).statusCode).toBe(400);
  });

  it('is rate limited per client address like sign-in', async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < context.config.loginRateLimit; attempt += 1) {
      expect((await page(FORGOT_PASSWORD_PATH, { email: uniqueEmail() }, address)).statusCode).toBe(200);
    }
    const limited = await page(FORGOT_PASSWORD_PATH, { email: 'someone@example.test' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Wait a minute');
    expect(limited.body).toContain('someone@example.test');
  });
});
