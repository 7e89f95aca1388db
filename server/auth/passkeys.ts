/**
 * Passkeys (WebAuthn) as a second factor of the embedded provider's accounts (issue 29), checked by
 * @simplewebauthn/server. The relying party is the portal's public address: its host name is the RP
 * ID and its origin the only one a browser's answer may come from.
 *
 * Each ceremony's challenge is kept in `second_factor_challenges` and used once: a set-up's under
 * `passkey-set-up:<account>`, a sign-in's on the row of the sign-in waiting for its second step.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { secondFactorChallenges, secondFactors } from '../db/schema/index';
import { accountOf, addSecondFactor, keepSetUpChallenge, PASSKEY, type SecondFactorDependencies, type SetUpOutcome, type UsedSecondFactor } from './second-factor';

const setUpKey = (accountId: string) => `passkey-set-up:${accountId}`;
/** How long the browser waits for the person to use their passkey (WebAuthn's own timeout). */
const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

export function relyingPartyOf(config: Pick<Config, 'publicUrl' | 'productName'>): { rpID: string; origin: string; rpName: string } {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: config.productName };
}

type Transports = NonNullable<Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']>[number]['transports'];
const asTransports = (transports: string[] | null) => (transports ?? []) as Transports;

/** The account's passkeys as WebAuthn names them: credential id and transports. */
async function passkeysOf(db: Database, accountId: string) {
  const rows = await db
    .select({ credentialId: secondFactors.credentialId, transports: secondFactors.transports })
    .from(secondFactors)
    .where(and(eq(secondFactors.accountId, accountId), eq(secondFactors.kind, PASSKEY)));
  return rows.flatMap((row) => (row.credentialId ? [{ id: row.credentialId, transports: asTransports(row.transports) }] : []));
}

/**
 * Starts adding a passkey: the options for the browser's `navigator.credentials.create`, naming the
 * person's passkeys already added so the same one is not added twice. Null for an account the
 * embedded provider does not hold.
 */
export async function startPasskeySetUp(
  deps: Pick<SecondFactorDependencies, 'db' | 'config' | 'now'>,
  accountId: string,
): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  const account = await accountOf(deps.db, accountId);
  if (!account) {
    return null;
  }
  const { rpID, rpName } = relyingPartyOf(deps.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(accountId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: await passkeysOf(deps.db, accountId),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepSetUpChallenge(deps, { key: setUpKey(accountId), accountId, challenge: options.challenge });
  return options;
}

/**
 * Adds the passkey the browser made, once its answer proves it signed this set-up's challenge for
 * this portal. The challenge is used up either way: a new try starts a new set-up.
 */
export async function confirmPasskeySetUp(
  deps: SecondFactorDependencies,
  input: { accountId: string; actorUserId: number | null; name: string; response: unknown; requestId?: string },
): Promise<SetUpOutcome> {
  const now = deps.now?.() ?? new Date();
  const { rpID, origin } = relyingPartyOf(deps.config);
  return deps.db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(secondFactorChallenges)
      .where(and(eq(secondFactorChallenges.key, setUpKey(input.accountId)), gt(secondFactorChallenges.expiresAt, now)))
      .returning({ challenge: secondFactorChallenges.challenge });
    if (!pending?.challenge) {
      return { isSetUp: false, reason: 'expired' };
    }
    const registration = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: pending.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!registration?.verified) {
      return { isSetUp: false, reason: 'not-verified' };
    }
    const { credential } = registration.registrationInfo;
    const [taken] = await tx.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.credentialId, credential.id)).limit(1);
    if (taken) {
      return { isSetUp: false, reason: 'already-added' };
    }
    return addSecondFactor(deps, tx, input, {
      kind: PASSKEY,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports: credential.transports ?? [],
    });
  });
}

/**
 * The options for the browser's `navigator.credentials.get` at a sign-in's second step, their
 * challenge kept on the waiting sign-in (a new page replaces it). Null when the sign-in is not
 * waiting or the account has no passkey.
 */
export async function startPasskeySignIn(
  deps: Pick<SecondFactorDependencies, 'db' | 'config'>,
  { signInKey, accountId }: { signInKey: string; accountId: string },
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = await passkeysOf(deps.db, accountId);
  if (passkeys.length === 0) {
    return null;
  }
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(deps.config).rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys,
  });
  await deps.db.update(secondFactorChallenges).set({ challenge: options.challenge }).where(eq(secondFactorChallenges.key, signInKey));
  return options;
}

/**
 * A sign-in's passkey answer, in the second step's transaction: the passkey, when it is one of the
 * account's own and signed the waiting challenge for this portal, else null. The signature counter is kept, and a
 * counter that goes backwards (a cloned key) is refused.
 */
export async function acceptPasskey(
  deps: Pick<SecondFactorDependencies, 'config'>,
  tx: Database,
  input: { accountId: string; challenge: string | null; response: unknown; now: Date },
): Promise<UsedSecondFactor | null> {
  const response = input.response as Partial<AuthenticationResponseJSON> | null;
  if (!input.challenge || typeof response?.id !== 'string') {
    return null;
  }
  const [passkey] = await tx
    .select({ id: secondFactors.id, name: secondFactors.name, publicKey: secondFactors.publicKey, signCount: secondFactors.signCount, transports: secondFactors.transports })
    .from(secondFactors)
    .where(and(eq(secondFactors.accountId, input.accountId), eq(secondFactors.kind, PASSKEY), eq(secondFactors.credentialId, response.id)))
    .for('update');
  if (!passkey?.publicKey) {
    return null;
  }
  const { rpID, origin } = relyingPartyOf(deps.config);
  const verification = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: input.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: response.id, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.signCount ?? 0, transports: asTransports(passkey.transports) },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) {
    return null;
  }
  await tx.update(secondFactors).set({ signCount: verification.authenticationInfo.newCounter, lastUsedAt: input.now }).where(eq(secondFactors.id, passkey.id));
  return { kind: PASSKEY, name: passkey.name };
}
