/** Two-step verification's rules: set-up proven by a code, each code once, few tries, recovery codes once. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index';
import { buildTestApp, type TestContext } from '../test/harness';
import {
  AUTHENTICATOR_APP,
  RECOVERY_CODE,
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
  confirmAuthenticatorAppSetUp,
  listSecondFactors,
  regenerateRecoveryCodes,
  removeSecondFactor,
  startAuthenticatorAppSetUp,
  type SecondFactorDependencies,
} from './second-factor';
import { MAX_SECOND_STEP_FAILURES, SIGN_IN_STEP_LIFETIME_MS, beginSignInStep, completeSignInStep } from './second-step';
import { createIdentityAccount } from './test-support';

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

describe('two-step verification', () => {
  let context: TestContext;
  let deps: SecondFactorDependencies;
  let clock = new Date('2026-11-29T09:00:00Z');
  beforeAll(async () => {
    context = await buildTestApp();
    deps = { db: context.database.db, mail: context.app.mail, audit: context.app.audit, config: context.config, now: () => clock };
  });
  afterAll(() => context.close());

  /** An account with an authenticator app set up at `clock`; its secret and recovery codes. */
  async function accountWithApp() {
    const account = await createIdentityAccount(context.database.db);
    const started = await startAuthenticatorAppSetUp(deps, account.id);
    if (!started) {
      throw new Error('no set-up');
    }
    const outcome = await confirmAuthenticatorAppSetUp(deps, { accountId: account.id, actorUserId: null, name: 'My phone', code: await codeAt(started.secret, clock) });
    if (!outcome.isSetUp) {
      throw new Error(`set-up refused: ${outcome.reason}`);
    }
    return { account, secret: started.secret, recoveryCodes: outcome.recoveryCodes, factorId: outcome.factor.id };
  }

  const signInStep = async (accountId: string, method: typeof AUTHENTICATOR_APP | 'recovery-code', code: string) => {
    const uid = randomUUID();
    await beginSignInStep(deps, { interactionUid: uid, accountId });
    return completeSignInStep(deps, { interactionUid: uid, method, code });
  };

  it('sets up an app only with a code from it, then gives recovery codes once, audits and mails the person', async () => {
    const account = await createIdentityAccount(context.database.db);
    const started = await startAuthenticatorAppSetUp(deps, account.id);
    expect(started?.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started?.uri).toContain(`secret=${started?.secret ?? ''}`);
    const rightCode = await codeAt(started?.secret ?? '', clock);
    const wrong = await confirmAuthenticatorAppSetUp(deps, { accountId: account.id, actorUserId: null, name: 'Phone', code: rightCode === '000000' ? '111111' : '000000' });
    expect(wrong).toEqual({ isSetUp: false, reason: 'wrong-code' });
    expect((await listSecondFactors(deps.db, account.id)).factors).toEqual([]);

    const right = await confirmAuthenticatorAppSetUp(deps, { accountId: account.id, actorUserId: null, name: 'Phone', code: rightCode });
    expect(right.isSetUp).toBe(true);
    const codes = right.isSetUp ? right.recoveryCodes : [];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE);
    }
    const listed = await listSecondFactors(deps.db, account.id);
    expect(listed.factors.map(({ kind, name }) => ({ kind, name }))).toEqual([{ kind: AUTHENTICATOR_APP, name: 'Phone' }]);
    expect(listed.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    const audited = await deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, account.id));
    expect(audited.map((entry) => entry.action)).toEqual(['second-factor.add']);
    const mails = (await context.deliverMail()).filter((mail) => mail.to.includes(account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['A way to sign in has been added to your account']);

    // The set-up is spent: the same code cannot add the app twice.
    expect(await confirmAuthenticatorAppSetUp(deps, { accountId: account.id, actorUserId: null, name: 'Again', code: rightCode })).toEqual({ isSetUp: false, reason: 'expired' });
  });

  it('accepts a code once: the same code cannot sign in twice, the next one can', async () => {
    const { account, secret } = await accountWithApp();
    clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
    const code = await codeAt(secret, clock);
    expect(await signInStep(account.id, AUTHENTICATOR_APP, code)).toMatchObject({ outcome: 'signed-in', accountId: account.id, amr: ['pwd', 'otp', 'mfa'] });
    expect(await signInStep(account.id, AUTHENTICATOR_APP, code)).toMatchObject({ outcome: 'wrong-code' });
    clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
    expect(await signInStep(account.id, AUTHENTICATOR_APP, await codeAt(secret, clock))).toMatchObject({ outcome: 'signed-in' });
    // Yesterday's code is not today's.
    expect(await signInStep(account.id, AUTHENTICATOR_APP, await codeAt(secret, new Date(clock.getTime() - 86_400_000)))).toMatchObject({ outcome: 'wrong-code' });
  });

  it('takes each recovery code once, tells the person, and counts what is left', async () => {
    const { account, recoveryCodes } = await accountWithApp();
    const [first = '', second = ''] = recoveryCodes;
    expect(await signInStep(account.id, 'recovery-code', first.toUpperCase().replace('-', ' '))).toMatchObject({ outcome: 'signed-in', amr: ['pwd', 'mfa'], recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
    expect(await signInStep(account.id, 'recovery-code', first)).toMatchObject({ outcome: 'wrong-code' });
    expect(await signInStep(account.id, 'recovery-code', second)).toMatchObject({ outcome: 'signed-in', recoveryCodesLeft: RECOVERY_CODE_COUNT - 2 });
    const mails = (await context.deliverMail()).filter((mail) => mail.to.includes(account.email));
    expect(mails.filter((mail) => mail.subject === 'A recovery code was used to sign in to your account')).toHaveLength(2);

    const renewed = await regenerateRecoveryCodes(deps, { accountId: account.id, actorUserId: null });
    expect(renewed).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await signInStep(account.id, 'recovery-code', recoveryCodes[2] ?? '')).toMatchObject({ outcome: 'wrong-code' });
    expect(await signInStep(account.id, 'recovery-code', renewed?.[0] ?? '')).toMatchObject({ outcome: 'signed-in' });
  });

  it(`checks at most ${String(MAX_SECOND_STEP_FAILURES)} codes of one sign-in, even when they come at once, then asks for the password again`, async () => {
    const { account, secret } = await accountWithApp();
    const uid = randomUUID();
    await beginSignInStep(deps, { interactionUid: uid, accountId: account.id });
    const right = await codeAt(secret, new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000));
    const guesses = Array.from({ length: 40 }, (_, index) => String(100000 + index * 7919).slice(0, 6)).filter((guess) => guess !== right);
    const outcomes = await Promise.all(guesses.map((code) => completeSignInStep(deps, { interactionUid: uid, method: AUTHENTICATOR_APP, code })));
    const checked = outcomes.filter((outcome) => outcome.outcome === 'wrong-code').length;
    expect(checked).toBe(MAX_SECOND_STEP_FAILURES - 1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'signed-in')).toEqual([]);
    // The sign-in is spent: even the right code does not finish it.
    expect(await completeSignInStep(deps, { interactionUid: uid, method: AUTHENTICATOR_APP, code: right })).toEqual({ outcome: 'start-again' });
  });

  it('forgets a sign-in left waiting too long', async () => {
    const { account, secret } = await accountWithApp();
    const uid = randomUUID();
    await beginSignInStep(deps, { interactionUid: uid, accountId: account.id });
    clock = new Date(clock.getTime() + SIGN_IN_STEP_LIFETIME_MS + 1000);
    expect(await completeSignInStep(deps, { interactionUid: uid, method: AUTHENTICATOR_APP, code: await codeAt(secret, clock) })).toEqual({ outcome: 'start-again' });
  });

  it("removes only the person's own factor; the last one takes the recovery codes with it", async () => {
    const { account, factorId } = await accountWithApp();
    const other = await accountWithApp();
    expect(await removeSecondFactor(deps, { accountId: other.account.id, factorId, actorUserId: null })).toBe(false);
    expect((await listSecondFactors(deps.db, account.id)).factors).toHaveLength(1);
    expect(await removeSecondFactor(deps, { accountId: account.id, factorId, actorUserId: null })).toBe(true);
    expect(await listSecondFactors(deps.db, account.id)).toEqual({ factors: [], recoveryCodesLeft: 0 });
    expect(await regenerateRecoveryCodes(deps, { accountId: account.id, actorUserId: null })).toBeNull();
  });
});
