/**
 * Second factors of the embedded provider's accounts (issue 29): authenticator apps (TOTP, RFC 6238)
 * and one-time recovery codes; passkeys are stored beside them (`kind` = `passkey`). Setting one up,
 * removing one, and using a recovery code are audited and mailed to the person, since any of them
 * done by someone else is the first sign of a taken-over account.
 *
 * The sign-in's second step lives here too: once the password is right, the interaction waits in
 * `second_factor_challenges` (keyed by its uid, which the provider's cookie ties to one browser)
 * until a code is right, for at most SIGN_IN_STEP_LIFETIME_MS and MAX_SECOND_STEP_FAILURES wrong codes.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { FORGOT_PASSWORD_PATH } from '../../common/api/users';
import type { AuditLog } from '../audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { identityAccounts, recoveryCodes, secondFactorChallenges, secondFactors } from '../db/schema/index';
import type { MailQueue } from '../mail/mail-queue';
import { clearSignInFailures } from './sign-in-throttle';

export const AUTHENTICATOR_APP = 'authenticator-app';
export const PASSKEY = 'passkey';
export type SecondFactorKind = typeof AUTHENTICATOR_APP | typeof PASSKEY;

/** Codes change every 30 seconds; one step either side allows for a phone's clock and typing time. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_TOLERANCE_SECONDS = 30;
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE_COUNT = 10;
/** Two groups of five from an alphabet without look-alikes (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;
export const SIGN_IN_STEP_LIFETIME_MS = 10 * 60 * 1000;
export const SET_UP_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_SECOND_STEP_FAILURES = 5;

/** The `amr` values (RFC 8176) a sign-in with each second factor carries. */
export const AMR_OF_KIND: Record<SecondFactorKind | 'recovery-code', string[]> = {
  [AUTHENTICATOR_APP]: ['pwd', 'otp', 'mfa'],
  [PASSKEY]: ['pwd', 'hwk', 'mfa'],
  'recovery-code': ['pwd', 'mfa'],
};

export interface SecondFactorDependencies {
  db: Database;
  mail: MailQueue;
  audit: AuditLog;
  config: Pick<Config, 'publicUrl' | 'productName'>;
  now?: () => Date;
}

export interface SecondFactorSummary {
  id: string;
  kind: SecondFactorKind;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const setUpKey = (accountId: string) => `set-up:${accountId}`;
const signInKey = (interactionUid: string) => `sign-in:${interactionUid}`;

export function normaliseRecoveryCode(typed: string): string {
  const compact = typed.toLowerCase().replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : typed.trim().toLowerCase();
}

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

const summaryColumns = {
  id: secondFactors.id,
  kind: secondFactors.kind,
  name: secondFactors.name,
  createdAt: secondFactors.createdAt,
  lastUsedAt: secondFactors.lastUsedAt,
};

const asSummary = (row: Omit<SecondFactorSummary, 'kind'> & { kind: string }): SecondFactorSummary => ({ ...row, kind: row.kind as SecondFactorKind });

export async function listSecondFactors(db: Database, accountId: string): Promise<{ factors: SecondFactorSummary[]; recoveryCodesLeft: number }> {
  const factors = await db
    .select(summaryColumns)
    .from(secondFactors)
    .where(eq(secondFactors.accountId, accountId))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
  return { factors: factors.map(asSummary), recoveryCodesLeft: await countUnusedRecoveryCodes(db, accountId) };
}

export async function hasSecondFactor(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.accountId, accountId)).limit(1);
  return row !== undefined;
}

async function accountOf(db: Database, accountId: string) {
  const [account] = await db
    .select({ id: identityAccounts.id, email: identityAccounts.email, name: identityAccounts.name })
    .from(identityAccounts)
    .where(eq(identityAccounts.id, accountId))
    .limit(1);
  return account;
}

/**
 * Starts setting up an authenticator app: a new secret, kept for SET_UP_LIFETIME_MS until a code
 * from the app proves it was added. Starting again replaces it. Null for an account the embedded
 * provider does not hold.
 */
export async function startAuthenticatorAppSetUp(
  deps: Pick<SecondFactorDependencies, 'db' | 'config' | 'now'>,
  accountId: string,
): Promise<{ secret: string; uri: string } | null> {
  const account = await accountOf(deps.db, accountId);
  if (!account) {
    return null;
  }
  const secret = generateSecret();
  const expiresAt = new Date(nowOf(deps).getTime() + SET_UP_LIFETIME_MS);
  await deps.db
    .insert(secondFactorChallenges)
    .values({ key: setUpKey(accountId), purpose: 'set-up', accountId, challenge: secret, expiresAt })
    .onConflictDoUpdate({ target: secondFactorChallenges.key, set: { challenge: secret, expiresAt, failures: 0 } });
  return { secret, uri: generateURI({ issuer: deps.config.productName, label: account.email, secret }) };
}

/** The time step of `code` for `secret` when it is right now and newer than `afterTimeStep`. */
async function acceptedTimeStep(secret: string, code: string, now: Date, afterTimeStep: number | null): Promise<number | null> {
  if (!TOTP_CODE.test(code)) {
    return null;
  }
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export type SetUpOutcome = { isSetUp: true; factor: SecondFactorSummary; recoveryCodes: string[] } | { isSetUp: false; reason: 'expired' | 'wrong-code' };

/**
 * Finishes setting up an authenticator app when `code` comes from it. The first factor of an account
 * also gets its recovery codes, returned once and never stored in the clear.
 */
export async function confirmAuthenticatorAppSetUp(
  deps: SecondFactorDependencies,
  input: { accountId: string; actorUserId: number | null; name: string; code: string; requestId?: string },
): Promise<SetUpOutcome> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ secret: secondFactorChallenges.challenge })
      .from(secondFactorChallenges)
      .where(and(eq(secondFactorChallenges.key, setUpKey(input.accountId)), gt(secondFactorChallenges.expiresAt, now)))
      .for('update');
    if (!pending?.secret) {
      return { isSetUp: false, reason: 'expired' };
    }
    const timeStep = await acceptedTimeStep(pending.secret, input.code, now, null);
    if (timeStep === null) {
      return { isSetUp: false, reason: 'wrong-code' };
    }
    await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.key, setUpKey(input.accountId)));
    const [factor] = await tx
      .insert(secondFactors)
      .values({
        id: randomUUID(),
        accountId: input.accountId,
        kind: AUTHENTICATOR_APP,
        name: input.name,
        totpSecret: pending.secret,
        totpLastTimeStep: timeStep,
        lastUsedAt: now,
      })
      .returning(summaryColumns);
    if (!factor) {
      throw new Error('the new second factor was not stored');
    }
    const codes = (await countUnusedRecoveryCodes(tx, input.accountId)) === 0 ? await replaceRecoveryCodes(tx, input.accountId) : [];
    await deps.audit.record(
      { actorUserId: input.actorUserId, action: 'second-factor.add', entity: 'identity-account', entityId: input.accountId, after: { kind: AUTHENTICATOR_APP, name: input.name }, requestId: input.requestId },
      tx,
    );
    await mailPerson(deps, tx, input.accountId, {
      subject: 'A way to sign in has been added to your account',
      lines: [`An authenticator app called "${input.name}" was added to your ${deps.config.productName} account just now. From now on, signing in asks for a code from it after your password.`],
    });
    return { isSetUp: true, factor: asSummary(factor), recoveryCodes: codes };
  });
}

async function countUnusedRecoveryCodes(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}

async function replaceRecoveryCodes(db: Database, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ accountId, codeHash: hashCode(code) })));
  return codes;
}

/** New recovery codes in place of the old ones; null when the account has no second factor to recover. */
export async function regenerateRecoveryCodes(
  deps: SecondFactorDependencies,
  input: { accountId: string; actorUserId: number | null; requestId?: string },
): Promise<string[] | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await hasSecondFactor(tx, input.accountId))) {
      return null;
    }
    const codes = await replaceRecoveryCodes(tx, input.accountId);
    await deps.audit.record(
      { actorUserId: input.actorUserId, action: 'second-factor.new-recovery-codes', entity: 'identity-account', entityId: input.accountId, requestId: input.requestId },
      tx,
    );
    await mailPerson(deps, tx, input.accountId, {
      subject: 'You have new recovery codes',
      lines: [`New recovery codes were made for your ${deps.config.productName} account just now. The old ones no longer work.`],
    });
    return codes;
  });
}

/**
 * Removes one of the person's own factors (false when it is not theirs). With the last one go the
 * recovery codes: signing in then asks for the password only.
 */
export async function removeSecondFactor(
  deps: SecondFactorDependencies,
  input: { accountId: string; factorId: string; actorUserId: number | null; requestId?: string },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(secondFactors)
      .where(and(eq(secondFactors.id, input.factorId), eq(secondFactors.accountId, input.accountId)))
      .returning({ kind: secondFactors.kind, name: secondFactors.name });
    if (!removed) {
      return false;
    }
    const isLast = !(await hasSecondFactor(tx, input.accountId));
    if (isLast) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, input.accountId));
    }
    await deps.audit.record(
      { actorUserId: input.actorUserId, action: 'second-factor.remove', entity: 'identity-account', entityId: input.accountId, before: removed, after: { isLast }, requestId: input.requestId },
      tx,
    );
    await mailPerson(deps, tx, input.accountId, {
      subject: 'A way to sign in has been removed from your account',
      lines: [
        `"${removed.name}" was removed from your ${deps.config.productName} account just now.`,
        isLast ? 'Signing in now asks for your password only.' : 'Signing in still asks for one of your other ways to sign in.',
      ],
    });
    return true;
  });
}

/** After a right password: the sign-in waits for the second factor (a retry starts the wait again). */
export async function beginSignInStep(
  deps: Pick<SecondFactorDependencies, 'db' | 'now'>,
  { interactionUid, accountId, budgetKey }: { interactionUid: string; accountId: string; budgetKey?: string },
): Promise<void> {
  const now = nowOf(deps);
  const expiresAt = new Date(now.getTime() + SIGN_IN_STEP_LIFETIME_MS);
  // Each new step clears the set-ups and steps nobody finished (an indexed delete), so none pile up.
  await deps.db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, now));
  await deps.db
    .insert(secondFactorChallenges)
    .values({ key: signInKey(interactionUid), purpose: 'sign-in', accountId, signInBudgetKey: budgetKey ?? null, expiresAt })
    .onConflictDoUpdate({ target: secondFactorChallenges.key, set: { accountId, signInBudgetKey: budgetKey ?? null, expiresAt, failures: 0, challenge: null } });
}

/** The account a sign-in waits on, or null when it has expired, used up its tries, or never began. */
export async function pendingSignInStep(deps: Pick<SecondFactorDependencies, 'db' | 'now'>, interactionUid: string): Promise<{ accountId: string } | null> {
  const [pending] = await deps.db
    .select({ accountId: secondFactorChallenges.accountId, failures: secondFactorChallenges.failures })
    .from(secondFactorChallenges)
    .where(and(eq(secondFactorChallenges.key, signInKey(interactionUid)), gt(secondFactorChallenges.expiresAt, nowOf(deps))))
    .limit(1);
  return pending && pending.failures < MAX_SECOND_STEP_FAILURES ? { accountId: pending.accountId } : null;
}

export type SignInStepOutcome =
  | { outcome: 'signed-in'; accountId: string; amr: string[]; recoveryCodesLeft?: number }
  | { outcome: 'wrong-code'; triesLeft: number }
  | { outcome: 'start-again' };

/**
 * Checks a code typed at the sign-in's second step: from an authenticator app (each code once), or a
 * recovery code (each once, mailed to the person). Wrong codes count against the waiting sign-in,
 * under its row lock, so simultaneous guesses cannot share one try.
 */
export async function completeSignInStep(
  deps: SecondFactorDependencies,
  input: { interactionUid: string; method: typeof AUTHENTICATOR_APP | 'recovery-code'; code: string; requestId?: string },
): Promise<SignInStepOutcome> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx): Promise<SignInStepOutcome> => {
    const [pending] = await tx
      .select({ accountId: secondFactorChallenges.accountId, failures: secondFactorChallenges.failures, budgetKey: secondFactorChallenges.signInBudgetKey })
      .from(secondFactorChallenges)
      .where(and(eq(secondFactorChallenges.key, signInKey(input.interactionUid)), gt(secondFactorChallenges.expiresAt, now)))
      .for('update');
    if (!pending || pending.failures >= MAX_SECOND_STEP_FAILURES) {
      return { outcome: 'start-again' };
    }
    const { accountId } = pending;
    const signedIn = async (amr: string[]) => {
      await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.key, signInKey(input.interactionUid)));
      // Only now is the sign-in right, so only now is the attempt the password step claimed given back.
      if (pending.budgetKey) {
        await clearSignInFailures(tx, pending.budgetKey);
      }
      return amr;
    };
    if (input.method === AUTHENTICATOR_APP) {
      const apps = await tx
        .select({ id: secondFactors.id, secret: secondFactors.totpSecret, lastTimeStep: secondFactors.totpLastTimeStep })
        .from(secondFactors)
        .where(and(eq(secondFactors.accountId, accountId), eq(secondFactors.kind, AUTHENTICATOR_APP)))
        .for('update');
      for (const app of apps) {
        const timeStep = app.secret ? await acceptedTimeStep(app.secret, input.code.replace(/\s/g, ''), now, app.lastTimeStep) : null;
        if (timeStep !== null) {
          await tx.update(secondFactors).set({ totpLastTimeStep: timeStep, lastUsedAt: now }).where(eq(secondFactors.id, app.id));
          return { outcome: 'signed-in', accountId, amr: await signedIn(AMR_OF_KIND[AUTHENTICATOR_APP]) };
        }
      }
    } else {
      const [used] = await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, hashCode(normaliseRecoveryCode(input.code))), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      if (used) {
        const recoveryCodesLeft = await countUnusedRecoveryCodes(tx, accountId);
        await deps.audit.record(
          { actorUserId: null, action: 'second-factor.use-recovery-code', entity: 'identity-account', entityId: accountId, after: { recoveryCodesLeft }, requestId: input.requestId },
          tx,
        );
        await mailPerson(deps, tx, accountId, {
          subject: 'A recovery code was used to sign in to your account',
          lines: [
            `Someone signed in to your ${deps.config.productName} account with one of your recovery codes just now. You have ${String(recoveryCodesLeft)} left.`,
            'If you have lost your phone or security key, remove it and set up a new one on Your account.',
          ],
        });
        return { outcome: 'signed-in', accountId, amr: await signedIn(AMR_OF_KIND['recovery-code']), recoveryCodesLeft };
      }
    }
    const failures = pending.failures + 1;
    await tx.update(secondFactorChallenges).set({ failures }).where(eq(secondFactorChallenges.key, signInKey(input.interactionUid)));
    return failures >= MAX_SECOND_STEP_FAILURES ? { outcome: 'start-again' } : { outcome: 'wrong-code', triesLeft: MAX_SECOND_STEP_FAILURES - failures };
  });
}

async function mailPerson(
  deps: Pick<SecondFactorDependencies, 'mail' | 'config'>,
  tx: Database,
  accountId: string,
  message: { subject: string; lines: string[] },
): Promise<void> {
  const account = await accountOf(tx, accountId);
  if (!account) {
    return;
  }
  await deps.mail.enqueue(tx, {
    to: account.email,
    subject: message.subject,
    text: [
      `Kia ora ${account.name},`,
      '',
      ...message.lines,
      '',
      `If this was not you, reset your password straight away at ${deps.config.publicUrl}${FORGOT_PASSWORD_PATH} and tell the ${deps.config.productName} team.`,
    ].join('\n'),
  });
}
