/**
 * Accounts of the embedded identity provider beyond the seeded ones: creating one (from an
 * invitation link, which proves the email), and "Forgot your password?" links. Reset tokens are 32
 * random bytes in the link only; the row holds their SHA-256, works once and for an hour.
 */
import type { JobKind } from '../jobs/job-queue';
import { lockLimit } from '../db/limit-lock';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, not, or, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_PATH } from '../../common/api/users';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { identityAccounts, oidcPayloads, passwordResets } from '../db/schema/index';
import type { MailQueue } from '../mail/mail-queue';
import { hashPassword, verifyPassword } from './passwords';

/** How long a reset link works. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
/** The shortest time between two reset emails to one account. */
export const RESET_EMAIL_INTERVAL_MS = 60 * 1000;
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export { FORGOT_PASSWORD_PATH };
export const RESET_PASSWORD_PATH = '/account/reset-password';

export interface AccountDependencies {
  db: Database;
  mail: MailQueue;
  config: Pick<Config, 'publicUrl' | 'productName'>;
  /** For tests: the clock expiry is measured with. */
  now?: () => Date;
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const sameEmail = (email: string) => sql`lower(${identityAccounts.email}) = lower(${email})`;

export async function findIdentityAccountByEmail(db: Database, email: string): Promise<{ id: string; email: string; name: string } | undefined> {
  const [account] = await db
    .select({ id: identityAccounts.id, email: identityAccounts.email, name: identityAccounts.name })
    .from(identityAccounts)
    .where(sameEmail(email))
    .limit(1);
  return account;
}

/** Inserts an account; false when the email already has one (the unique index on lower(email) decides). */
/** The new account's id, or null when the email already has one. */
export async function insertIdentityAccount(db: Database, input: { email: string; name: string; password: string }): Promise<string | null> {
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(identityAccounts)
    .values({ id: randomUUID(), email: input.email, name: input.name, passwordHash })
    .onConflictDoNothing()
    .returning({ id: identityAccounts.id });
  return inserted[0]?.id ?? null;
}

/** Model names of oidc-provider whose records belong to one account (`payload.accountId`). */
const ACCOUNT_RECORD_TYPES = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode'];

/**
 * Ends every sign-in of the account: sessions, grants and refresh tokens go, so no browser can
 * renew. Access tokens already issued (JWTs, minutes long) run out on their own.
 */
export async function endSessionsOf(db: Database, accountId: string): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(and(inArray(oidcPayloads.type, ACCOUNT_RECORD_TYPES), sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/**
 * Whether the provider session an access token was issued in still exists and has not expired:
 * sign-out, a password reset and a password change delete sessions.
 */
export async function isSessionLive(db: Database, sessionUid: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        eq(oidcPayloads.uid, sessionUid),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Model names of oidc-provider records that belong to one grant (`grant_id`). */
const GRANT_RECORD_TYPES = ['RefreshToken', 'AccessToken', 'AuthorizationCode'];

/**
 * Ends every sign-in of the account but the session `keepSessionUid` (the one the person is using):
 * its session, the grants it holds and their tokens stay; everything else of the account goes, as
 * in `endSessionsOf`. With no session to keep (unknown, or not given), ends them all.
 */
export async function endOtherSessionsOf(db: Database, accountId: string, keepSessionUid: string | undefined): Promise<number> {
  const ofAccount = and(inArray(oidcPayloads.type, ACCOUNT_RECORD_TYPES), sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
  const [kept] =
    keepSessionUid === undefined
      ? []
      : await db
          .select({ payload: oidcPayloads.payload })
          .from(oidcPayloads)
          .where(and(ofAccount, eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.uid, keepSessionUid)))
          .limit(1);
  if (!kept || keepSessionUid === undefined) {
    return endSessionsOf(db, accountId);
  }
  const keptGrantIds = grantIdsOfSession(kept.payload);
  const keep = or(
    and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.uid, keepSessionUid)),
    ...(keptGrantIds.length === 0
      ? []
      : [
          and(eq(oidcPayloads.type, 'Grant'), inArray(oidcPayloads.id, keptGrantIds)),
          and(inArray(oidcPayloads.type, GRANT_RECORD_TYPES), inArray(oidcPayloads.grantId, keptGrantIds)),
        ]),
  );
  const deleted = await db
    .delete(oidcPayloads)
    .where(and(ofAccount, not(keep ?? sql`false`)))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/**
 * Ends one sign-in of the account: its session, the grants it holds and their tokens, so its access
 * tokens are refused at once (verify-token.ts) and its refresh token cannot renew. False when the
 * account has no such live session (someone else's, or already ended): nothing is deleted then.
 */
export async function endSessionOf(db: Database, accountId: string, sessionUid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.uid, sessionUid), sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`))
      .returning({ payload: oidcPayloads.payload });
    if (!ended) {
      return false;
    }
    const grantIds = grantIdsOfSession(ended.payload);
    if (grantIds.length > 0) {
      await tx
        .delete(oidcPayloads)
        .where(
          or(
            and(eq(oidcPayloads.type, 'Grant'), inArray(oidcPayloads.id, grantIds)),
            and(inArray(oidcPayloads.type, GRANT_RECORD_TYPES), inArray(oidcPayloads.grantId, grantIds)),
          ),
        );
    }
    return true;
  });
}

/** The grant ids a stored session holds, one per client it signed in to (`authorizations[clientId].grantId`). */
function grantIdsOfSession(payload: unknown): string[] {
  const authorizations: unknown = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).authorizations : undefined;
  if (typeof authorizations !== 'object' || authorizations === null) {
    return [];
  }
  return Object.values(authorizations as Record<string, unknown>).flatMap((authorization) => {
    const grantId: unknown = typeof authorization === 'object' && authorization !== null ? (authorization as Record<string, unknown>).grantId : undefined;
    return typeof grantId === 'string' ? [grantId] : [];
  });
}

export type ChangePasswordOutcome = { isChanged: true; endedSessions: number } | { isChanged: false; reason: 'no-account' | 'wrong-password' };

/**
 * A signed-in person's new password (already checked against the rules), when `currentPassword`
 * is theirs: sets it, ends their other sessions if they chose to, and tells them by email, since a change they did
 * not make is the first sign of a taken-over account.
 */
export async function changePassword(
  deps: Pick<AccountDependencies, 'db' | 'mail' | 'config'>,
  input: { accountId: string; currentPassword: string; newPassword: string; keepSessionUid: string | undefined; endOtherSessions: boolean },
): Promise<ChangePasswordOutcome> {
  const [account] = await deps.db
    .select({ id: identityAccounts.id, email: identityAccounts.email, name: identityAccounts.name, passwordHash: identityAccounts.passwordHash })
    .from(identityAccounts)
    .where(eq(identityAccounts.id, input.accountId))
    .limit(1);
  if (!account) {
    return { isChanged: false, reason: 'no-account' };
  }
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    return { isChanged: false, reason: 'wrong-password' };
  }
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await deps.db.transaction(async (tx) => {
    await tx.update(identityAccounts).set({ passwordHash }).where(eq(identityAccounts.id, account.id));
    // A reset link asked for before the change must not undo it.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.accountId, account.id), isNull(passwordResets.usedAt)));
    await deps.mail.enqueue(tx, {
      to: account.email,
      subject: `Your ${deps.config.productName} password has been changed`,
      text: [
        `Kia ora ${account.name},`,
        '',
        input.endOtherSessions
          ? `The password of your ${deps.config.productName} account was changed just now, and you were signed out everywhere else.`
          : `The password of your ${deps.config.productName} account was changed just now. You chose to stay signed in on your other devices.`,
        '',
        `If you did not change it, reset your password straight away at ${deps.config.publicUrl}${FORGOT_PASSWORD_PATH} and tell the ${deps.config.productName} team.`,
      ].join('\n'),
    });
    return input.endOtherSessions ? endOtherSessionsOf(tx, account.id, input.keepSessionUid) : 0;
  });
  return { isChanged: true, endedSessions };
}

/** The queue of "reset my password" requests: the page queues each one and answers, whatever the address. */
export const PASSWORD_RESET_QUEUE = 'password-reset-request';

/**
 * The job behind the forgot-password page (issue 29, item 7). The page only queues the request, so
 * it answers in the same time whether the address has an account or not (it took 32–43 ms against
 * 7–15 ms when the page looked the account up and stored the link itself); the job does the rest.
 */
export function passwordResetJobKind(deps: AccountDependencies): JobKind<{ email: string }> {
  return {
    name: PASSWORD_RESET_QUEUE,
    label: 'Password reset request',
    retry: { limit: 3, delaySeconds: 30, backoff: true },
    run: ({ data }) => requestPasswordReset(deps, data.email),
  };
}

/**
 * Sends a reset link when the email has an account, and nothing otherwise: the caller answers the
 * same either way. A new link replaces the older ones.
 */
export async function requestPasswordReset(deps: AccountDependencies, email: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const account = await findIdentityAccountByEmail(deps.db, email);
  if (!account) {
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS);
  await deps.db.transaction(async (tx) => {
    // Requests for one account at once are counted one after the other, so two cannot both see none.
    await lockLimit(tx, 'password-reset', account.id);
    const [recent] = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.accountId, account.id), gt(passwordResets.createdAt, new Date(now.getTime() - RESET_EMAIL_INTERVAL_MS))))
      .limit(1);
    if (recent) {
      // One email a minute per account, however many addresses ask: nobody's inbox gets flooded.
      return;
    }
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.accountId, account.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ accountId: account.id, tokenHash: hashResetToken(token), expiresAt, createdAt: now });
    await deps.mail.enqueue(tx, {
      to: account.email,
      subject: `Reset your password for the ${deps.config.productName}`,
      text: [
        `Kia ora ${account.name},`,
        '',
        `Someone asked to reset the password of your ${deps.config.productName} account. To choose a new password, open this link:`,
        `${deps.config.publicUrl}${RESET_PASSWORD_PATH}/${token}`,
        '',
        'The link works once and expires in 1 hour.',
        'If you did not ask for this, you can ignore this email: your password stays the same.',
      ].join('\n'),
    });
  });
}

const isLiveReset = (tokenHash: string, now: Date) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/** Whether a reset link still works (unknown, used and expired links alike do not). */
export async function isResetTokenValid(deps: Pick<AccountDependencies, 'db' | 'now'>, token: string): Promise<boolean> {
  if (!RESET_TOKEN_PATTERN.test(token)) {
    return false;
  }
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db.select({ id: passwordResets.id }).from(passwordResets).where(isLiveReset(hashResetToken(token), now)).limit(1);
  return row !== undefined;
}

/**
 * Spends the link and sets the new password (already checked against the rules), then ends the
 * account's sessions. Answers the account's email, or null when the link does not work (any more).
 * The row lock keeps two posts of one link from both succeeding.
 */
export async function resetPassword(deps: Pick<AccountDependencies, 'db' | 'now'>, token: string, password: string): Promise<string | null> {
  if (!RESET_TOKEN_PATTERN.test(token)) {
    return null;
  }
  const now = deps.now?.() ?? new Date();
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .select({ id: passwordResets.id, accountId: passwordResets.accountId })
      .from(passwordResets)
      .where(isLiveReset(hashResetToken(token), now))
      .limit(1)
      .for('update');
    if (!reset) {
      return null;
    }
    await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, reset.id));
    const [account] = await tx
      .update(identityAccounts)
      .set({ passwordHash })
      .where(eq(identityAccounts.id, reset.accountId))
      .returning({ email: identityAccounts.email });
    await endSessionsOf(tx, reset.accountId);
    return account?.email ?? null;
  });
}
