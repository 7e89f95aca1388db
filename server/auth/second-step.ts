/**
 * The sign-in's second step (issue 29): once the password is right, the interaction waits in
 * `second_factor_challenges` (keyed by its uid, which the provider's cookie ties to one browser)
 * until the person proves a second factor (a code from an authenticator app, a passkey, or a
 * recovery code), for at most SIGN_IN_STEP_LIFETIME_MS and MAX_SECOND_STEP_FAILURES wrong tries.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { secondFactorChallenges, secondFactors } from '../db/schema/index';
import { acceptPasskey, startPasskeySignIn } from './passkeys';
import {
  acceptAuthenticatorAppCode,
  acceptRecoveryCode,
  AUTHENTICATOR_APP,
  PASSKEY,
  recordSecondFactorUse,
  type SecondFactorDependencies,
  type SecondFactorKind,
} from './second-factor';
import { clearSignInFailures } from './sign-in-throttle';

export const SIGN_IN_STEP_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_SECOND_STEP_FAILURES = 5;
export const RECOVERY_CODE_METHOD = 'recovery-code';
export type SecondStepMethod = SecondFactorKind | typeof RECOVERY_CODE_METHOD;

/** The `amr` values (RFC 8176) a sign-in with each second factor carries. */
export const AMR_OF_METHOD: Record<SecondStepMethod, string[]> = {
  [AUTHENTICATOR_APP]: ['pwd', 'otp', 'mfa'],
  [PASSKEY]: ['pwd', 'hwk', 'mfa'],
  [RECOVERY_CODE_METHOD]: ['pwd', 'mfa'],
};

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const signInKey = (interactionUid: string) => `sign-in:${interactionUid}`;

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

/**
 * The account a sign-in waits on and the kinds of factor it has (passkeys first, then apps), or
 * null when it has expired, used up its tries, or never began.
 */
export interface PendingSignInStep {
  accountId: string;
  kinds: SecondFactorKind[];
}

export async function pendingSignInStep(deps: Pick<SecondFactorDependencies, 'db' | 'now'>, interactionUid: string): Promise<PendingSignInStep | null> {
  const [pending] = await deps.db
    .select({ accountId: secondFactorChallenges.accountId, failures: secondFactorChallenges.failures })
    .from(secondFactorChallenges)
    .where(and(eq(secondFactorChallenges.key, signInKey(interactionUid)), gt(secondFactorChallenges.expiresAt, nowOf(deps))))
    .limit(1);
  if (!pending || pending.failures >= MAX_SECOND_STEP_FAILURES) {
    return null;
  }
  const kinds = await deps.db.selectDistinct({ kind: secondFactors.kind }).from(secondFactors).where(eq(secondFactors.accountId, pending.accountId));
  const kindsInOrder: SecondFactorKind[] = [PASSKEY, AUTHENTICATOR_APP];
  return { accountId: pending.accountId, kinds: kindsInOrder.filter((kind) => kinds.some((row) => row.kind === kind)) };
}

/**
 * The browser's options for the passkey page of a waiting sign-in; null when it is not waiting or has
 * no passkey. `pending` is the sign-in as the caller has just read it, when it has.
 */
export async function passkeyOptionsForSignIn(
  deps: Pick<SecondFactorDependencies, 'db' | 'config' | 'now'>,
  interactionUid: string,
  pending?: PendingSignInStep | null,
) {
  const waiting = pending === undefined ? await pendingSignInStep(deps, interactionUid) : pending;
  return waiting?.kinds.includes(PASSKEY) ? startPasskeySignIn(deps, { signInKey: signInKey(interactionUid), accountId: waiting.accountId }) : null;
}

export type SignInStepOutcome =
  | { outcome: 'signed-in'; accountId: string; amr: string[]; recoveryCodesLeft?: number }
  | { outcome: 'wrong-code'; triesLeft: number }
  | { outcome: 'start-again' };

/**
 * Checks what the person gave at the sign-in's second step: a code from an authenticator app (each
 * code once), a passkey's signature of the waiting challenge (each challenge once), or a recovery
 * code (each once); each use is audited and mailed to the person. Wrong tries count against the waiting sign-in, under its
 * row lock, so simultaneous guesses cannot share one try.
 */
export async function completeSignInStep(
  deps: SecondFactorDependencies,
  input: { interactionUid: string; method: SecondStepMethod; code: string; requestId?: string },
): Promise<SignInStepOutcome> {
  const now = nowOf(deps);
  const key = signInKey(input.interactionUid);
  return deps.db.transaction(async (tx): Promise<SignInStepOutcome> => {
    const [pending] = await tx
      .select({
        accountId: secondFactorChallenges.accountId,
        failures: secondFactorChallenges.failures,
        budgetKey: secondFactorChallenges.signInBudgetKey,
        challenge: secondFactorChallenges.challenge,
      })
      .from(secondFactorChallenges)
      .where(and(eq(secondFactorChallenges.key, key), gt(secondFactorChallenges.expiresAt, now)))
      .for('update');
    if (!pending || pending.failures >= MAX_SECOND_STEP_FAILURES) {
      return { outcome: 'start-again' };
    }
    const { accountId } = pending;
    let recoveryCodesLeft: number | null = null;
    let isRight: boolean;
    if (input.method === AUTHENTICATOR_APP || input.method === PASSKEY) {
      const factor =
        input.method === AUTHENTICATOR_APP
          ? await acceptAuthenticatorAppCode(tx, accountId, input.code, now)
          : await acceptPasskey(deps, tx, { accountId, challenge: pending.challenge, response: parseJson(input.code), now });
      if (factor) {
        await recordSecondFactorUse(deps, tx, { accountId, factor, requestId: input.requestId });
      }
      isRight = factor !== null;
    } else {
      recoveryCodesLeft = await acceptRecoveryCode(deps, tx, { accountId, code: input.code, now, requestId: input.requestId });
      isRight = recoveryCodesLeft !== null;
    }
    if (isRight) {
      await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.key, key));
      // Only now is the sign-in right, so only now is the attempt the password step claimed given back.
      if (pending.budgetKey) {
        await clearSignInFailures(tx, pending.budgetKey);
      }
      return { outcome: 'signed-in', accountId, amr: AMR_OF_METHOD[input.method], ...(recoveryCodesLeft === null ? {} : { recoveryCodesLeft }) };
    }
    const failures = pending.failures + 1;
    // A passkey's challenge works once, right or wrong: the page asks with a new one.
    await tx.update(secondFactorChallenges).set({ failures, challenge: null }).where(eq(secondFactorChallenges.key, key));
    return failures >= MAX_SECOND_STEP_FAILURES ? { outcome: 'start-again' } : { outcome: 'wrong-code', triesLeft: MAX_SECOND_STEP_FAILURES - failures };
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
