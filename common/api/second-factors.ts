/**
 * Two-step verification on 'Your account' (issue 29): the person's own second factors on the embedded
 * identity provider, setting up an authenticator app or adding a passkey, recovery codes. With an external issuer the
 * routes answer 404: that service asks for its own second factor.
 */
import { Type, type Static } from 'typebox';

export const FACTOR_NAME_MAX_LENGTH = 60;
export const SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE = 'Your organisation’s sign-in service asks for your second step. Manage it there.';

export const SecondFactorKindSchema = Type.Union([Type.Literal('authenticator-app'), Type.Literal('passkey')]);
export type SecondFactorKind = Static<typeof SecondFactorKindSchema>;

export const SecondFactorSchema = Type.Object({
  id: Type.String(),
  kind: SecondFactorKindSchema,
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SecondFactor = Static<typeof SecondFactorSchema>;

export const SecondFactorsResponseSchema = Type.Object({
  factors: Type.Array(SecondFactorSchema),
  /** Unused recovery codes; 0 without a factor. */
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type SecondFactorsResponse = Static<typeof SecondFactorsResponseSchema>;

export const AuthenticatorAppSetUpResponseSchema = Type.Object({
  /** The key to type into the app when the picture cannot be scanned (base32, grouped by the screen). */
  secret: Type.String(),
  /** The same key as an `otpauth://` address, and as a QR code picture (a `data:` URL of an SVG). */
  otpauthUri: Type.String(),
  qrCodeImage: Type.String(),
});
export type AuthenticatorAppSetUpResponse = Static<typeof AuthenticatorAppSetUpResponseSchema>;

export const AddAuthenticatorAppRequestSchema = Type.Object(
  {
    name: Type.String({ maxLength: FACTOR_NAME_MAX_LENGTH * 4 }),
    code: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type AddAuthenticatorAppRequest = Static<typeof AddAuthenticatorAppRequestSchema>;
export type AddAuthenticatorAppField = keyof AddAuthenticatorAppRequest;

/** The options for the browser's `navigator.credentials.create` (WebAuthn's JSON form), kept for 15 minutes. */
export const PasskeySetUpResponseSchema = Type.Object({ options: Type.Unknown() });
export type PasskeySetUpResponse = Static<typeof PasskeySetUpResponseSchema>;

export const AddPasskeyRequestSchema = Type.Object(
  {
    name: Type.String({ maxLength: FACTOR_NAME_MAX_LENGTH * 4 }),
    /** What the browser's `navigator.credentials.create` answered, in WebAuthn's JSON form. */
    response: Type.Unknown(),
  },
  { additionalProperties: false },
);
export type AddPasskeyRequest = Static<typeof AddPasskeyRequestSchema>;

/** A factor just added: with the first factor, the recovery codes (once); otherwise none. */
export const AddSecondFactorResponseSchema = Type.Object({
  factor: SecondFactorSchema,
  /** Given once, with the first factor; empty when the person already had codes. */
  recoveryCodes: Type.Array(Type.String()),
});
export type AddSecondFactorResponse = Static<typeof AddSecondFactorResponseSchema>;

export const RecoveryCodesResponseSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponseSchema>;

export const SecondFactorParamsSchema = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) });

/** The name field's rule, for the screen and the server alike. */
export function factorNameProblem(name: string, kind: SecondFactorKind = 'authenticator-app'): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') {
    return kind === 'passkey'
      ? 'Enter a name for this passkey, for example the computer, phone or security key it is on.'
      : 'Enter a name for this authenticator app, for example the phone it is on.';
  }
  if (Array.from(trimmed).length > FACTOR_NAME_MAX_LENGTH) {
    return `The name must be ${String(FACTOR_NAME_MAX_LENGTH)} characters or fewer.`;
  }
  return undefined;
}

export function setUpCodeProblem(code: string): string | undefined {
  return /^\d{6}$/.test(code.replace(/\s/g, '')) ? undefined : 'Enter the 6-digit code your authenticator app shows.';
}

export const WRONG_SET_UP_CODE_MESSAGE = 'The code is not right. Check the app shows the code for this account, then enter the code it shows now.';
export const SET_UP_EXPIRED_MESSAGE = 'Setting up this app took too long. Start again: the app needs the new key.';
export const PASSKEY_NOT_ADDED_MESSAGE = 'Your passkey was not added. Try again, and use your fingerprint, face, screen lock or security key when your browser asks.';
export const PASSKEY_ALREADY_ADDED_MESSAGE = 'That passkey is already on your account. Use a different one, or go back to two-step verification.';
export const PASSKEY_SET_UP_EXPIRED_MESSAGE = 'Adding this passkey took too long. Try again.';

/** The team's routes answer this (403, `second factor required`) to a team member signed in without a second factor. */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'The marketplace team’s pages need two-step verification. Add a passkey or an authenticator app on Your account, then sign out and sign in again with it.';

/** A supplier's routes answer this (403, `second factor required`) when its admins ask for a second factor and this sign-in had none. */
export function supplierSecondFactorRequiredMessage(tradingName: string): string {
  return `${tradingName} asks everyone who works for it to use two-step verification. Add a passkey or an authenticator app on Your account, then sign out and sign in again with it.`;
}

/**
 * PUT /api/v1/user/second-factor-requirement (admins of the active supplier): whether everyone who
 * works for the supplier must sign in with a second factor to open its dashboard.
 */
export const SecondFactorRequirementSchema = Type.Object({ required: Type.Boolean() }, { additionalProperties: false });
export type SecondFactorRequirement = Static<typeof SecondFactorRequirementSchema>;

/** Asking it of everyone takes an admin who signed in with a second factor: else the admin would shut themselves out. */
export const OWN_SECOND_FACTOR_FIRST_MESSAGE =
  'Sign in with two-step verification yourself before you ask it of everyone: add a passkey or an authenticator app on Your account, then sign out and sign in again with it.';
