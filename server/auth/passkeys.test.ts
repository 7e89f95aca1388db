/**
 * Passkeys' rules, with a passkey held in memory (server/test/software-authenticator.ts): added only
 * when the browser's answer signs the set-up's challenge for this portal, and at a sign-in's second
 * step accepted only for the account's own passkey, the waiting challenge, once, with a counter that
 * goes forward.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index';
import { buildTestApp, type TestContext } from '../test/harness';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from '../test/software-authenticator';
import { confirmPasskeySetUp, relyingPartyOf, startPasskeySetUp } from './passkeys';
import { listSecondFactors, PASSKEY, RECOVERY_CODE_COUNT, type SecondFactorDependencies } from './second-factor';
import { beginSignInStep, completeSignInStep, MAX_SECOND_STEP_FAILURES, passkeyOptionsForSignIn, pendingSignInStep } from './second-step';
import { createIdentityAccount } from './test-support';

describe('passkeys', () => {
  let context: TestContext;
  let deps: SecondFactorDependencies;
  let origin = '';
  beforeAll(async () => {
    context = await buildTestApp();
    deps = { db: context.database.db, mail: context.app.mail, audit: context.app.audit, config: context.config };
    origin = relyingPartyOf(context.config).origin;
  });
  afterAll(() => context.close());

  /** Adds `passkey` to the account as a browser at `from` would; the outcome. */
  async function addPasskey(accountId: string, passkey: SoftwareAuthenticator, from = origin) {
    const options = await startPasskeySetUp(deps, accountId);
    if (!options) {
      throw new Error('no set-up');
    }
    return { options, outcome: await confirmPasskeySetUp(deps, { accountId, actorUserId: null, name: 'Laptop', response: passkey.register(options, from) }) };
  }

  async function accountWithPasskey() {
    const account = await createIdentityAccount(context.database.db);
    const passkey = createSoftwareAuthenticator();
    const { outcome } = await addPasskey(account.id, passkey);
    if (!outcome.isSetUp) {
      throw new Error(`passkey refused: ${outcome.reason}`);
    }
    return { account, passkey };
  }

  /** A sign-in waiting for its second step, and the options its passkey page gives the browser. */
  async function waitingSignIn(accountId: string) {
    const uid = randomUUID();
    await beginSignInStep(deps, { interactionUid: uid, accountId });
    const options = await passkeyOptionsForSignIn(deps, uid);
    if (!options) {
      throw new Error('no passkey options');
    }
    return { uid, options };
  }
  const answer = (uid: string, response: unknown) => completeSignInStep(deps, { interactionUid: uid, method: PASSKEY, code: JSON.stringify(response) });

  it('adds a passkey that signed the set-up for this portal, with recovery codes, audited and mailed', async () => {
    const account = await createIdentityAccount(context.database.db);
    const passkey = createSoftwareAuthenticator();
    const { options, outcome } = await addPasskey(account.id, passkey);
    expect(options.rp).toEqual({ id: new URL(origin).hostname, name: context.config.productName });
    expect(options.user.name).toBe(account.email);
    expect(options.excludeCredentials).toEqual([]);
    expect(outcome).toMatchObject({ isSetUp: true, factor: { kind: PASSKEY, name: 'Laptop' } });
    expect(outcome.isSetUp && outcome.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await listSecondFactors(deps.db, account.id)).factors.map((factor) => factor.kind)).toEqual([PASSKEY]);
    const audited = await deps.db.select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.entityId, account.id));
    expect(audited).toEqual([{ action: 'second-factor.add', after: { kind: PASSKEY, name: 'Laptop' } }]);
    const mails = (await context.deliverMail()).filter((mail) => mail.to.includes(account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['A way to sign in has been added to your account']);

    // The next set-up names it, so the browser does not make the same passkey twice; the server refuses it anyway.
    const again = await addPasskey(account.id, passkey);
    expect(again.options.excludeCredentials).toEqual([{ id: passkey.credentialId, type: 'public-key', transports: ['internal'] }]);
    expect(again.outcome).toEqual({ isSetUp: false, reason: 'already-added' });
  });

  it('refuses an answer made for another site, a set-up used already, and anything that is not an answer', async () => {
    const account = await createIdentityAccount(context.database.db);
    const passkey = createSoftwareAuthenticator();
    expect((await addPasskey(account.id, passkey, 'https://portal.example.net')).outcome).toEqual({ isSetUp: false, reason: 'not-verified' });

    const options = await startPasskeySetUp(deps, account.id);
    const response = passkey.register(options ?? { challenge: '', rp: {} }, origin);
    for (const junk of [null, 'text', { id: 'x' }, { ...response, response: { clientDataJSON: 'not base64', attestationObject: '' } }]) {
      // Each refused answer uses the set-up up: a new one is needed.
      await startPasskeySetUp(deps, account.id);
      expect(await confirmPasskeySetUp(deps, { accountId: account.id, actorUserId: null, name: 'Laptop', response: junk })).toEqual({ isSetUp: false, reason: 'not-verified' });
    }
    // An answer to an older set-up signs a challenge no longer waiting.
    await startPasskeySetUp(deps, account.id);
    expect(await confirmPasskeySetUp(deps, { accountId: account.id, actorUserId: null, name: 'Laptop', response })).toEqual({ isSetUp: false, reason: 'not-verified' });
    expect(await confirmPasskeySetUp(deps, { accountId: account.id, actorUserId: null, name: 'Laptop', response })).toEqual({ isSetUp: false, reason: 'expired' });
    expect(await listSecondFactors(deps.db, account.id)).toEqual({ factors: [], recoveryCodesLeft: 0 });
  });

  it('finishes a sign-in with the account’s own passkey, each challenge once, audited and mailed', async () => {
    const { account, passkey } = await accountWithPasskey();
    const { uid, options } = await waitingSignIn(account.id);
    expect(options.allowCredentials).toEqual([{ id: passkey.credentialId, type: 'public-key', transports: ['internal'] }]);
    expect((await pendingSignInStep(deps, uid))?.kinds).toEqual([PASSKEY]);
    const response = passkey.authenticate(options, origin);
    expect(await answer(uid, response)).toMatchObject({ outcome: 'signed-in', accountId: account.id, amr: ['pwd', 'hwk', 'mfa'] });
    const [stored] = (await listSecondFactors(deps.db, account.id)).factors;
    expect(stored?.lastUsedAt).not.toBeNull();
    const audited = await deps.db.select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.entityId, account.id));
    expect(audited.map((entry) => entry.action)).toEqual(['second-factor.add', 'second-factor.use']);
    expect(audited[1]?.after).toEqual({ kind: PASSKEY, name: 'Laptop' });
    const mails = (await context.deliverMail()).filter((mail) => mail.to.includes(account.email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['A way to sign in has been added to your account', 'You signed in with two-step verification']);

    // The same answer again, at a new sign-in, signs a challenge no longer asked.
    const next = await waitingSignIn(account.id);
    expect(await answer(next.uid, response)).toMatchObject({ outcome: 'wrong-code', triesLeft: MAX_SECOND_STEP_FAILURES - 1 });
  });

  it('refuses another account’s passkey, an answer for another site, and a copied passkey whose counter went back', async () => {
    const { account, passkey } = await accountWithPasskey();
    const stranger = await accountWithPasskey();

    const first = await waitingSignIn(account.id);
    expect(await answer(first.uid, stranger.passkey.authenticate(first.options, origin))).toMatchObject({ outcome: 'wrong-code' });
    // Each wrong answer uses the challenge up: the page asks with a new one.
    const second = await passkeyOptionsForSignIn(deps, first.uid);
    expect(second?.challenge).not.toBe(first.options.challenge);
    expect(await answer(first.uid, passkey.authenticate(second ?? first.options, 'https://portal.example.net'))).toMatchObject({ outcome: 'wrong-code' });
    expect(await answer(first.uid, 'not an answer')).toMatchObject({ outcome: 'wrong-code' });

    const signedIn = await waitingSignIn(account.id);
    expect(await answer(signedIn.uid, passkey.authenticate(signedIn.options, origin))).toMatchObject({ outcome: 'signed-in' });
    passkey.counter = 0;
    const copied = await waitingSignIn(account.id);
    expect(await answer(copied.uid, passkey.authenticate(copied.options, origin))).toMatchObject({ outcome: 'wrong-code' });
  });

  it('gives no passkey options to a sign-in that is not waiting, or to an account without a passkey', async () => {
    expect(await passkeyOptionsForSignIn(deps, randomUUID())).toBeNull();
    const account = await createIdentityAccount(context.database.db);
    const uid = randomUUID();
    await beginSignInStep(deps, { interactionUid: uid, accountId: account.id });
    expect(await passkeyOptionsForSignIn(deps, uid)).toBeNull();
  });
});
