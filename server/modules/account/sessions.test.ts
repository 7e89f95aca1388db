/**
 * The person's own sign-ins (GET /api/v1/account/sessions, DELETE …/{sessionID}, POST …/end-others)
 * through the real sign-in flow: what the list shows, that an ended sign-in's access token is
 * refused on its very next call, and that nobody can see or end another person's sign-ins.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInSession } from '../../../common/api/account-sessions';
import { auditLog, oidcPayloads, signInSessions } from '../../db/schema/index';
import { bearer, createSignedInUser, injectSender, requestRefresh, signInWith, type SignedInUser } from '../../auth/test-support';
import { createLastUsedRecorder, deleteEndedSignIns, LAST_USED_INTERVAL_MS } from '../../auth/sign-in-sessions';
import { buildTestApp, type TestContext } from '../../test/harness';
import { describeDevice } from './sessions-service';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const URL = '/api/v1/account/sessions';

describe('your sign-ins', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  /** Signs the person in again, from another browser and address. */
  function signInFrom(person: SignedInUser, userAgent: string, remoteAddress: string) {
    const send = injectSender(context.app);
    return signInWith(
      (request) => send({ ...request, headers: { ...request.headers, 'user-agent': userAgent } }),
      context.config,
      person.account.email,
      person.account.password,
      { remoteAddress },
    );
  }

  const list = async (token: string) => {
    const response = await context.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ isManagedHere: boolean; sessions: SignInSession[] }>();
  };
  const callApi = (token: string) => context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) });
  const endOne = (token: string, id: string) => context.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: bearer(token) });
  const endOthers = (token: string) => context.app.inject({ method: 'POST', url: `${URL}/end-others`, headers: bearer(token) });

  it('lists each sign-in with its device, address and times, this device first', async () => {
    const person = await createSignedInUser(context);
    const phone = await signInFrom(person, SAFARI_ON_IPHONE, '203.0.113.7');
    const laptop = await signInFrom(person, FIREFOX_ON_WINDOWS, '198.51.100.23');

    const seen = await list(laptop.accessToken);
    expect(seen.isManagedHere).toBe(true);
    expect(seen.sessions).toHaveLength(3);
    expect(seen.sessions[0]).toMatchObject({ device: 'Firefox on Windows', address: '198.51.100.23', isThisDevice: true });
    expect(seen.sessions.filter((session) => session.isThisDevice)).toHaveLength(1);
    expect(seen.sessions).toContainEqual(expect.objectContaining({ device: 'Safari on an iPhone', address: '203.0.113.7', isThisDevice: false }));
    for (const session of seen.sessions) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    }
    // The reference is not the provider's own handle of the session.
    const stored = await context.database.db.select({ uid: oidcPayloads.uid, id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'));
    const handles = new Set(stored.flatMap((row) => [row.uid, row.id]));
    expect(seen.sessions.some((session) => handles.has(session.id))).toBe(false);
    // The phone sees the same sign-ins, with itself as this device.
    expect((await list(phone.accessToken)).sessions[0]).toMatchObject({ device: 'Safari on an iPhone', isThisDevice: true });
  });

  it('ends one sign-in: its access token is refused on the next call, its refresh token renews nothing, and the others go on', async () => {
    const person = await createSignedInUser(context);
    const other = await signInFrom(person, SAFARI_ON_IPHONE, '203.0.113.8');
    expect((await callApi(other.accessToken)).statusCode).toBe(200);

    const target = (await list(person.accessToken)).sessions.find((session) => !session.isThisDevice);
    expect(target).toBeDefined();
    const ended = await endOne(person.accessToken, target?.id ?? '');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ endedSessions: 1 });

    expect((await callApi(other.accessToken)).statusCode).toBe(401);
    const renewed = await requestRefresh(context.app, context.config, other.refreshToken);
    expect(renewed.statusCode).toBe(400);
    expect((await callApi(person.accessToken)).statusCode).toBe(200);
    expect((await list(person.accessToken)).sessions).toHaveLength(1);

    // Ending it again: already ended, so 404 and nothing else changes.
    expect((await endOne(person.accessToken, target?.id ?? '')).statusCode).toBe(404);
    const audit = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'identity-account.end-session'), eq(auditLog.entityId, String(person.user.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ device: 'Safari on an iPhone', address: '203.0.113.8', wasThisDevice: false });
  });

  it('never shows or ends another person’s sign-ins, whatever id is sent', async () => {
    const victim = await createSignedInUser(context);
    const attacker = await createSignedInUser(context);
    const victimSessions = (await list(victim.accessToken)).sessions;
    expect(victimSessions).toHaveLength(1);
    expect((await list(attacker.accessToken)).sessions.map((session) => session.id)).not.toContain(victimSessions[0]?.id);

    const [victimSession] = await context.database.db
      .select({ uid: oidcPayloads.uid, id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Session'), sql`${oidcPayloads.payload}->>'accountId' = ${victim.account.id}`));
    // The victim's reference, and the session's own uid and cookie id: none reaches it.
    const attempts = [victimSessions[0]?.id ?? '', victimSession?.uid ?? '', victimSession?.id ?? ''];
    for (const id of attempts) {
      const response = await endOne(attacker.accessToken, id);
      expect([400, 404], id).toContain(response.statusCode);
      expect(response.statusCode).not.toBe(200);
    }
    expect((await endOne(attacker.accessToken, victimSessions[0]?.id ?? '')).statusCode).toBe(404);
    expect((await endOthers(attacker.accessToken)).json()).toEqual({ endedSessions: 0 });
    expect((await callApi(victim.accessToken)).statusCode).toBe(200);
    expect((await list(victim.accessToken)).sessions).toHaveLength(1);
  });

  it('ends every other sign-in at once and keeps this one', async () => {
    const person = await createSignedInUser(context);
    const others = await Promise.all([
      signInFrom(person, SAFARI_ON_IPHONE, '203.0.113.9'),
      signInFrom(person, FIREFOX_ON_WINDOWS, '203.0.113.10'),
      signInFrom(person, FIREFOX_ON_WINDOWS, '203.0.113.11'),
    ]);
    const response = await endOthers(person.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ endedSessions: 3 });
    const statuses = await Promise.all(others.map(async (other) => (await callApi(other.accessToken)).statusCode));
    expect(statuses).toEqual([401, 401, 401]);
    expect((await callApi(person.accessToken)).statusCode).toBe(200);
    expect((await list(person.accessToken)).sessions).toEqual([expect.objectContaining({ isThisDevice: true })]);
    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'identity-account.end-other-sessions'), eq(auditLog.entityId, String(person.user.id))));
    expect(entry?.after).toMatchObject({ endedSessions: 3 });
  });

  it('refuses a malformed id with 400 and answers an unknown one with 404', async () => {
    const person = await createSignedInUser(context);
    for (const id of ['short', 'x'.repeat(23), '%00'.repeat(8), 'AAAAAAAAAAAAAAAAAAAA%2F']) {
      expect((await endOne(person.accessToken, id)).statusCode, id).toBe(400);
    }
    expect((await endOne(person.accessToken, 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await callApi(person.accessToken)).statusCode).toBe(200);
  });

  it('asks to be signed in', async () => {
    expect((await context.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'POST', url: `${URL}/end-others` })).statusCode).toBe(401);
  });

  it('records "last used" at most once a minute per session, and sweeps the details of sessions that have gone', async () => {
    const person = await createSignedInUser(context);
    const { db } = context.database;
    const uid = (await db.select({ uid: signInSessions.sessionUid, at: signInSessions.lastUsedAt }).from(signInSessions)).at(-1);
    expect(uid).toBeDefined();
    let now = new Date(Date.now() + 2 * LAST_USED_INTERVAL_MS);
    const record = createLastUsedRecorder(db, { now: () => now });
    const lastUsed = async () => (await db.select({ at: signInSessions.lastUsedAt }).from(signInSessions).where(eq(signInSessions.sessionUid, uid?.uid ?? '')))[0]?.at;

    await record(uid?.uid ?? '');
    await expect(lastUsed()).resolves.toEqual(now);
    const first = now;
    now = new Date(first.getTime() + LAST_USED_INTERVAL_MS / 2);
    await record(uid?.uid ?? '');
    await expect(lastUsed()).resolves.toEqual(first);
    now = new Date(first.getTime() + LAST_USED_INTERVAL_MS + 1);
    await record(uid?.uid ?? '');
    await expect(lastUsed()).resolves.toEqual(now);

    await db.insert(signInSessions).values({ sessionUid: 'a-session-that-has-gone', userAgent: FIREFOX_ON_WINDOWS });
    expect(await deleteEndedSignIns(db)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ uid: signInSessions.sessionUid }).from(signInSessions);
    expect(left.map((row) => row.uid)).not.toContain('a-session-that-has-gone');
    expect((await list(person.accessToken)).sessions).toHaveLength(1);
  });
});

describe('describeDevice', () => {
  it('names the browser and device in plain words', () => {
    expect(describeDevice(FIREFOX_ON_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(SAFARI_ON_IPHONE)).toBe('Safari on an iPhone');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome on an Android phone',
    );
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe(
      'Safari on macOS',
    );
    expect(describeDevice('')).toBe('An unknown browser');
    expect(describeDevice(null)).toBe('An unknown browser');
    expect(describeDevice('curl/8.5.0')).toBe('An unknown browser');
  });
});
