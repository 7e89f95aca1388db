/** /api/v1/account/second-factors and /recovery-codes: a person sets up, lists and removes only their own. */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SET_UP_EXPIRED_MESSAGE,
  WRONG_SET_UP_CODE_MESSAGE,
  type AddSecondFactorResponse,
  type AuthenticatorAppSetUpResponse,
  type RecoveryCodesResponse,
  type SecondFactorsResponse,
} from '../../../common/api/second-factors';
import { AUTHENTICATOR_APP, RECOVERY_CODE_COUNT } from '../../auth/second-factor';
import { bearer, createSignedInUser, signIn, type SignedInUser } from '../../auth/test-support';
import { auditLog, secondFactorChallenges } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';

const API = '/api/v1/account';

describe('two-step verification on Your account', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const call = (person: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `${API}${url}`, headers: bearer(person.accessToken), ...(payload ? { payload } : {}) });
  const problemsOf = (body: string) => (JSON.parse(body) as { details?: { problems?: { field: string; message: string }[] } }).details?.problems ?? [];

  async function setUpApp(person: SignedInUser, name = 'Work phone') {
    const started = (await call(person, 'POST', '/second-factors/authenticator-app/set-up')).json<AuthenticatorAppSetUpResponse>();
    const added = await call(person, 'POST', '/second-factors/authenticator-app', { name, code: await generate({ secret: started.secret }) });
    return { started, added };
  }

  it('needs sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/second-factors'],
      ['POST', '/second-factors/authenticator-app/set-up'],
      ['POST', '/recovery-codes'],
    ] as const) {
      expect((await context.app.inject({ method, url: `${API}${url}` })).statusCode).toBe(401);
    }
  });

  it('sets up an authenticator app with a code from it, gives recovery codes once, and lists it', async () => {
    const person = await createSignedInUser(context);
    expect((await call(person, 'GET', '/second-factors')).json<SecondFactorsResponse>()).toEqual({ factors: [], recoveryCodesLeft: 0 });

    const started = await call(person, 'POST', '/second-factors/authenticator-app/set-up');
    expect(started.statusCode).toBe(200);
    const setUp = started.json<AuthenticatorAppSetUpResponse>();
    expect(setUp.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setUp.otpauthUri).toContain(encodeURIComponent(person.account.email));
    expect(setUp.qrCodeImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setUp.qrCodeImage.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    const right = await generate({ secret: setUp.secret });
    const blank = await call(person, 'POST', '/second-factors/authenticator-app', { name: ' ', code: '12' });
    expect(blank.statusCode).toBe(400);
    expect(problemsOf(blank.body).map((problem) => problem.field)).toEqual(['name', 'code']);
    const wrong = await call(person, 'POST', '/second-factors/authenticator-app', { name: 'Work phone', code: right === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(problemsOf(wrong.body)).toEqual([{ field: 'code', message: WRONG_SET_UP_CODE_MESSAGE }]);

    const added = await call(person, 'POST', '/second-factors/authenticator-app', { name: ' Work phone ', code: right.replace(/(\d{3})/, '$1 ') });
    expect(added.statusCode).toBe(201);
    const body = added.json<AddSecondFactorResponse>();
    expect(body.factor).toMatchObject({ kind: AUTHENTICATOR_APP, name: 'Work phone' });
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const listed = (await call(person, 'GET', '/second-factors')).json<SecondFactorsResponse>();
    expect(listed.factors.map((factor) => factor.name)).toEqual(['Work phone']);
    expect(listed.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);

    // A second app keeps the codes the person already has.
    const second = await setUpApp(person, 'Tablet');
    expect(second.added.statusCode).toBe(201);
    expect(second.added.json<AddSecondFactorResponse>().recoveryCodes).toEqual([]);

    const audited = await context.database.db.select({ action: auditLog.action, actor: auditLog.actorUserId }).from(auditLog).where(eq(auditLog.entityId, person.account.id));
    expect(audited).toEqual([
      { action: 'second-factor.add', actor: person.user.id },
      { action: 'second-factor.add', actor: person.user.id },
    ]);
  });

  it('says so when the set-up has run out, and keeps nothing', async () => {
    const person = await createSignedInUser(context);
    const setUp = (await call(person, 'POST', '/second-factors/authenticator-app/set-up')).json<AuthenticatorAppSetUpResponse>();
    await context.database.db.update(secondFactorChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(secondFactorChallenges.accountId, person.account.id));
    const late = await call(person, 'POST', '/second-factors/authenticator-app', { name: 'Phone', code: await generate({ secret: setUp.secret }) });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(SET_UP_EXPIRED_MESSAGE);
    expect((await call(person, 'GET', '/second-factors')).json<SecondFactorsResponse>().factors).toEqual([]);
  });

  it('gives new recovery codes only to a person with a factor, and the old ones stop working', async () => {
    const person = await createSignedInUser(context);
    expect((await call(person, 'POST', '/recovery-codes')).statusCode).toBe(404);
    const { added } = await setUpApp(person);
    const [oldCode = ''] = added.json<AddSecondFactorResponse>().recoveryCodes;
    const renewed = await call(person, 'POST', '/recovery-codes');
    expect(renewed.statusCode).toBe(200);
    const [newCode = ''] = renewed.json<RecoveryCodesResponse>().recoveryCodes;
    await expect(signIn(context, person.account.email, person.account.password, { secondStep: { method: 'recovery-code', code: () => oldCode } })).rejects.toThrow(/second step/);
    const signedIn = await signIn(context, person.account.email, person.account.password, { secondStep: { method: 'recovery-code', code: () => newCode } });
    expect(signedIn.accessToken).toEqual(expect.any(String));
  });

  it("never removes another person's factor, whatever id is sent; removing the last one ends the second step", async () => {
    const owner = await createSignedInUser(context);
    const stranger = await createSignedInUser(context);
    const { added } = await setUpApp(owner);
    const factorId = added.json<AddSecondFactorResponse>().factor.id;

    const refused = await call(stranger, 'DELETE', `/second-factors/${factorId}`);
    expect(refused.statusCode).toBe(404);
    expect((await call(owner, 'GET', '/second-factors')).json<SecondFactorsResponse>().factors).toHaveLength(1);
    expect((await call(owner, 'DELETE', '/second-factors/not-an-id')).statusCode).toBe(400);

    expect((await call(owner, 'DELETE', `/second-factors/${factorId}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/second-factors')).json<SecondFactorsResponse>()).toEqual({ factors: [], recoveryCodesLeft: 0 });
    expect((await call(owner, 'DELETE', `/second-factors/${factorId}`)).statusCode).toBe(404);
    // The password alone signs in again.
    await signIn(context, owner.account.email, owner.account.password);
    const mails = (await context.deliverMail()).filter((mail) => mail.to.includes(owner.account.email));
    expect(mails.map((mail) => mail.subject)).toContain('A way to sign in has been removed from your account');
  });
});
