/**
 * Second factors of the embedded provider's accounts (issue 29): authenticator apps (TOTP, RFC 6238)
 * and one-time recovery codes; passkeys (passkeys.ts) are stored beside them (`kind` = `passkey`).
 * Setting one up, removing one, and using a recovery code are audited and mailed to the person, since
 * any of them done by someone else is the first sign of a taken-over account. The sign-in's second
 * step, which checks them, is in second-step.ts.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { FORGOT_PASSWORD_PATH } from '../../common/api/users';
import type { AuditLog } from '../audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { identityAccounts, recoveryCodes, secondFactorChallenges, secondFactors } from '../db/schema/index';
import type { MailQueue } from '../mail/mail-queue';
import { quoteForMail } from '../mail/quote';

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
export const SET_UP_LIFETIME_MS = 15 * 60 * 1000;

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

export async function accountOf(db: Database, accountId: string) {
  const [account] = await db
    .select({ id: identityAccounts.id, email: identityAccounts.email, name: identityAccounts.name })
    .from(identityAccounts)
    .where(eq(identityAccounts.id, accountId))
    .limit(1);
  return account;
}

/** Keeps a set-up's secret or challenge for SET_UP_LIFETIME_MS under `key`; starting again replaces it. */
export async function keepSetUpChallenge(
  deps: Pick<SecondFactorDependencies, 'db' | 'now'>,
  { key, accountId, challenge }: { key: string; accountId: string; challenge: string },
): Promise<void> {
  const expiresAt = new Date(nowOf(deps).getTime() + SET_UP_LIFETIME_MS);
  await deps.db
    .insert(secondFactorChallenges)
    .values({ key, purpose: 'set-up', accountId, challenge, expiresAt })
    .onConflictDoUpdate({ target: secondFactorChallenges.key, set: { challenge, expiresAt, failures: 0 } });
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
  await keepSetUpChallenge(deps, { key: setUpKey(accountId), accountId, challenge: secret });
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

export type SetUpOutcome = { isSetUp: true; factor: SecondFactorSummary; recoveryCodes: string[] } | { isSetUp: false; reason: 'expired' | 'wrong-code' | 'not-verified' | 'already-added' };

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
    return addSecondFactor(deps, tx, input, { kind: AUTHENTICATOR_APP, totpSecret: pending.secret, totpLastTimeStep: timeStep, lastUsedAt: now });
  });
}

const ADDED_LINES: Record<SecondFactorKind, (name: string, productName: string) => string> = {
  [AUTHENTICATOR_APP]: (name, productName) =>
    `An authenticator app called ${quoteForMail(name)} was added to your ${productName} account just now. From now on, signing in asks for a code from it after your password.`,
  [PASSKEY]: (name, productName) =>
    `A passkey called ${quoteForMail(name)} was added to your ${productName} account just now. From now on, signing in asks you to use it, or another way you have set up, after your password.`,
};

/**
 * Stores a factor whose set-up was proven, in the set-up's transaction: the first factor of an
 * account also gets its recovery codes (returned once, never stored in the clear); audited and mailed.
 */
export async function addSecondFactor(
  deps: SecondFactorDependencies,
  tx: Database,
  input: { accountId: string; actorUserId: number | null; name: string; requestId?: string },
  factorValues: { kind: SecondFactorKind } & Partial<Omit<typeof secondFactors.$inferInsert, 'id' | 'accountId' | 'kind' | 'name'>>,
): Promise<{ isSetUp: true; factor: SecondFactorSummary; recoveryCodes: string[] }> {
  const [factor] = await tx
    .insert(secondFactors)
    .values({ ...factorValues, id: randomUUID(), accountId: input.accountId, name: input.name })
    .returning(summaryColumns);
  if (!factor) {
    throw new Error('the new second factor was not stored');
  }
  const codes = (await countUnusedRecoveryCodes(tx, input.accountId)) === 0 ? await replaceRecoveryCodes(tx, input.accountId) : [];
  await deps.audit.record(
    { actorUserId: input.actorUserId, action: 'second-factor.add', entity: 'identity-account', entityId: input.accountId, after: { kind: factorValues.kind, name: input.name }, requestId: input.requestId },
    tx,
  );
  await mailPerson(deps, tx, input.accountId, {
    subject: 'A way to sign in has been added to your account',
    lines: [ADDED_LINES[factorValues.kind](input.name, deps.config.productName)],
  });
  return { isSetUp: true, factor: asSummary(factor), recoveryCodes: codes };
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
        `${quoteForMail(removed.name)} was removed from your ${deps.config.productName} account just now.`,
        isLast ? 'Signing in now asks for your password only.' : 'Signing in still asks for one of your other ways to sign in.',
      ],
    });
    return true;
  });
}

/**
 * A sign-in's authenticator-app code, under the apps' row locks: the app whose code it is now, when
 * newer than the last one accepted (each code works once), else null; the app's last use is recorded.
 */
export async function acceptAuthenticatorAppCode(tx: Database, accountId: string, code: string, now: Date): Promise<UsedSecondFactor | null> {
  const apps = await tx
    .select({ id: secondFactors.id, name: secondFactors.name, secret: secondFactors.totpSecret, lastTimeStep: secondFactors.totpLastTimeStep })
    .from(secondFactors)
    .where(and(eq(secondFactors.accountId, accountId), eq(secondFactors.kind, AUTHENTICATOR_APP)))
    .for('update');
  for (const app of apps) {
    const timeStep = app.secret ? await acceptedTimeStep(app.secret, code.replace(/\s/g, ''), now, app.lastTimeStep) : null;
    if (timeStep !== null) {
      await tx.update(secondFactors).set({ totpLastTimeStep: timeStep, lastUsedAt: now }).where(eq(secondFactors.id, app.id));
      return { kind: AUTHENTICATOR_APP, name: app.name };
    }
  }
  return null;
}

/** A passkey or app that has just proven a sign-in: what its audit entry and mail name. */
export interface UsedSecondFactor {
  kind: SecondFactorKind;
  name: string;
}

const USED_LINES: Record<SecondFactorKind, (name: string, productName: string) => string> = {
  [AUTHENTICATOR_APP]: (name, productName) => `You signed in to your ${productName} account just now with a code from your authenticator app ${name}.`,
  [PASSKEY]: (name, productName) => `You signed in to your ${productName} account just now with your passkey ${name}.`,
};

export const SECOND_FACTOR_USED_SUBJECT = 'You signed in with two-step verification';

/** Each sign-in with a passkey or app is audited and mailed to the person, in the sign-in's transaction. */
export async function recordSecondFactorUse(
  deps: SecondFactorDependencies,
  tx: Database,
  input: { accountId: string; factor: UsedSecondFactor; requestId?: string },
): Promise<void> {
  const { factor } = input;
  await deps.audit.record(
    { actorUserId: null, action: 'second-factor.use', entity: 'identity-account', entityId: input.accountId, after: { kind: factor.kind, name: factor.name }, requestId: input.requestId },
    tx,
  );
  await mailPerson(deps, tx, input.accountId, {
    subject: SECOND_FACTOR_USED_SUBJECT,
    lines: [USED_LINES[factor.kind](quoteForMail(factor.name), deps.config.productName)],
  });
}

/** Uses up one of the person's recovery codes: the codes left when it was theirs and unused (audited and mailed), else null. */
export async function acceptRecoveryCode(
  deps: SecondFactorDependencies,
  tx: Database,
  input: { accountId: string; code: string; now: Date; requestId?: string },
): Promise<number | null> {
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: input.now })
    .where(and(eq(recoveryCodes.accountId, input.accountId), eq(recoveryCodes.codeHash, hashCode(normaliseRecoveryCode(input.code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (!used) {
    return null;
  }
  const recoveryCodesLeft = await countUnusedRecoveryCodes(tx, input.accountId);
  await deps.audit.record(
    { actorUserId: null, action: 'second-factor.use-recovery-code', entity: 'identity-account', entityId: input.accountId, after: { recoveryCodesLeft }, requestId: input.requestId },
    tx,
  );
  await mailPerson(deps, tx, input.accountId, {
    subject: 'A recovery code was used to sign in to your account',
    lines: [
      `Someone signed in to your ${deps.config.productName} account with one of your recovery codes just now. You have ${String(recoveryCodesLeft)} left.`,
      'If you have lost your phone or security key, remove it and set up a new one on Your account.',
    ],
  });
  return recoveryCodesLeft;
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
