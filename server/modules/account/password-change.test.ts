/** POST /api/v1/account/password: the current password proves it; this sign-in stays, the others end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/outbox';
import { buildTestApp, type TestContext } from '../../test/harness';
import { COMMON_PASSWORD_MESSAGE, MISMATCH_MESSAGE, TOO_SHORT_MESSAGE } from '../../auth/password-policy';
import { bearer, createSignedInUser, requestRefresh, signIn, signTestAccessToken, uniqueEmail } from '../../auth/test-support';
import { MISSING_CURRENT_PASSWORD_MESSAGE, PASSWORD_MANAGED_ELSEWHERE_MESSAGE, SAME_PASSWORD_MESSAGE } from '../../../common/password-rules';
import { CHANGE_PASSWORD_ROUTE, TOO_MANY_ATTEMPTS_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from './password-routes';

const NEW_PASSWORD = 'kettle orchard lantern 42';
const URL = `/api/v1${CHANGE_PASSWORD_ROUTE}`;

describe('changing your password while signed in', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ LOGIN_RATE_LIMIT: '5' });
  });
  afterAll(() => context.close());

  const change = (accessToken: string, payload: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url: URL, headers: bearer(accessToken), payload });

  const problemsOf = (body: string) =>
    (JSON.parse(body) as { details?: { problems?: { field: string; message: string }[] } }).details?.problems ?? [];

  it('needs sign-in', async () => {
    const response = await context.app.inject({ method: 'POST', url: URL, payload: { currentPassword: 'a', password: 'b', confirmPassword: 'b' } });
    expect(response.statusCode).toBe(401);
  });

  it('keeps this sign-in, ends every other one, and mails the person', async () => {
    const person = await createSignedInUser(context);
    const elsewhere = await signIn(context, person.account.email, person.account.password);

    const response = await change(person.accessToken, {
      currentPassword: person.account.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ endedSessions: number }>().endedSessions).toBeGreaterThan(0);

    // The old password no longer signs in; the new one does.
    await expect(signIn(context, person.account.email, person.account.password)).rejects.toThrow(/failed with 401/);
    await signIn(context, person.account.email, NEW_PASSWORD);
    // The other browser cannot renew, and its access token is refused at once; this one still works.
    expect((await requestRefresh(context.app, context.config, elsewhere.refreshToken)).statusCode).toBe(400);
    const readUser = (accessToken: string) => context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect((await readUser(elsewhere.accessToken)).statusCode).toBe(401);
    expect((await readUser(person.accessToken)).statusCode).toBe(200);
    const renewed = await requestRefresh(context.app, context.config, person.refreshToken);
    expect(renewed.statusCode).toBe(200);

    const mails = (await context.deliverMail()).filter((entry) => entry.to.includes(person.account.email));
    expect(mails.map((mail) => mail.subject)).toContain(`Your ${context.config.productName} password has been changed`);

    const audit = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity-account.change-password'));
    expect(audit.some((entry) => entry.entityId === String(person.user.id))).toBe(true);
  });

  it('keeps the other sign-ins when the person answers no to signing out everywhere else, and says so', async () => {
    const person = await createSignedInUser(context);
    const elsewhere = await signIn(context, person.account.email, person.account.password);
    const response = await change(person.accessToken, {
      currentPassword: person.account.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      endOtherSessions: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ endedSessions: 0 });
    const readUser = (accessToken: string) => context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect((await readUser(elsewhere.accessToken)).statusCode).toBe(200);
    expect((await requestRefresh(context.app, context.config, elsewhere.refreshToken)).statusCode).toBe(200);
    const [entry] = (await context.deliverMail()).filter((mail) => mail.to.includes(person.account.email));
    const mail = await readOutboxMessage(context.config.mail.outboxDir, entry?.id ?? '');
    expect(mail?.text).toMatch(/chose to stay signed in on your other devices/);
    const audit = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity-account.change-password'));
    expect(audit.find((entry) => entry.entityId === String(person.user.id))?.after).toEqual({ endedOtherSessions: false, endedSessions: 0 });
  });

  it('ends the other sign-ins when the person answers yes', async () => {
    const person = await createSignedInUser(context);
    const elsewhere = await signIn(context, person.account.email, person.account.password);
    const response = await change(person.accessToken, {
      currentPassword: person.account.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      endOtherSessions: true,
    });
    expect(response.statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(elsewhere.accessToken) })).statusCode).toBe(401);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const person = await createSignedInUser(context);
    const response = await change(person.accessToken, { currentPassword: 'not my password at all', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(problemsOf(response.body)).toEqual([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
    await signIn(context, person.account.email, person.account.password);
    await expect(signIn(context, person.account.email, NEW_PASSWORD)).rejects.toThrow(/failed with 401/);
  });

  it('names every field with a problem, in page order, before checking the current password', async () => {
    // Not the fixtures' usual password, which is itself on the common list.
    const person = await createSignedInUser(context, { password: 'umbrella quartz meadow 9' });
    const cases: [Record<string, string>, { field: string; message: string }[]][] = [
      [{ currentPassword: '', password: 'short', confirmPassword: 'short' }, [
        { field: 'currentPassword', message: MISSING_CURRENT_PASSWORD_MESSAGE },
        { field: 'password', message: TOO_SHORT_MESSAGE },
      ]],
      [{ currentPassword: person.account.password, password: 'qwertyuiopas', confirmPassword: 'qwertyuiopas' }, [
        { field: 'password', message: COMMON_PASSWORD_MESSAGE },
      ]],
      [{ currentPassword: person.account.password, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }, [
        { field: 'confirmPassword', message: MISMATCH_MESSAGE },
      ]],
      [{ currentPassword: person.account.password, password: person.account.password, confirmPassword: person.account.password }, [
        { field: 'password', message: SAME_PASSWORD_MESSAGE },
      ]],
    ];
    for (const [payload, problems] of cases) {
      const response = await change(person.accessToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(problemsOf(response.body)).toEqual(problems);
    }
    await signIn(context, person.account.email, person.account.password);
  });

  it('refuses unknown fields, NUL bytes and oversized input with 400', async () => {
    const person = await createSignedInUser(context);
    const base = { currentPassword: person.account.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (const payload of [
      { ...base, email: 'someone-else@example.com' },
      { ...base, endOtherSessions: 'yes' },
      { ...base, password: `${NEW_PASSWORD}\u0000`, confirmPassword: `${NEW_PASSWORD}\u0000` },
      { ...base, password: 'x'.repeat(5000), confirmPassword: 'x'.repeat(5000) },
      { currentPassword: 42, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ]) {
      expect((await change(person.accessToken, payload)).statusCode).toBe(400);
    }
    await signIn(context, person.account.email, person.account.password);
  });

  it('limits attempts per person, whatever the address', async () => {
    const person = await createSignedInUser(context);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(person.accessToken),
        remoteAddress: `10.9.8.${String(attempt + 1)}`,
        payload: { currentPassword: `wrong guess ${String(attempt)}`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json<{ message: string }>().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('answers 404 for an identity with no password here', async () => {
    const token = await signTestAccessToken(context, { sub: 'no-such-account', email: uniqueEmail('tokenonly'), email_verified: true });
    const response = await change(token, { currentPassword: 'anything at all', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe(PASSWORD_MANAGED_ELSEWHERE_MESSAGE);
  });
});
