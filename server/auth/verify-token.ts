/**
 * Verifies the API's bearer access tokens (JWT) with jose: signature, issuer, audience, type and
 * expiry. The embedded provider's tokens are checked against its key set in memory; an external
 * issuer's against the `jwks_uri` its discovery document names (fetched once, keys cached by jose).
 *
 * Token type (`typ` header): the embedded provider always sends `at+jwt` (RFC 9068) and nothing else
 * is accepted from it. Many external issuers (Keycloak, Entra ID, …) send plain `JWT`, so for them
 * `at+jwt` and `JWT` are both accepted; the audience check keeps their ID tokens (audience = the
 * client id) out, as long as OIDC_AUDIENCE is not the client id.
 *
 * Outcomes: a valid token → its claims; an expired but otherwise valid token → 403 "session
 * expired" (spec §8: the apps renew and retry); anything else wrong with the token → 401; the
 * issuer unreachable → 503, since the token may well be fine.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../config';
import { AppError, ErrorCode } from '../errors';

/** The embedded provider's access-token claim naming the sign-in session (identity-provider.ts sets it). */
export const SESSION_UID_CLAIM = 'session_uid';

const EMBEDDED_ALGORITHMS = ['RS256'];
const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_SECONDS = 5;
const FETCH_TIMEOUT_MS = 5_000;

/** The person an access token speaks for. */
export interface VerifiedAccessToken {
  /** The issuer's `sub`. */
  sub: string;
  /** `issuer|sub`: how `users.subject` names this identity. */
  subject: string;
  email?: string;
  name?: string;
  /** What the issuer says of the address: true or false, or undefined when the token does not say. */
  emailVerified?: boolean;
  /**
   * The embedded provider's session this token was issued in (its private `session_uid` claim), so
   * a password change can end every other session; external issuers do not send it.
   */
  sessionUid?: string;
  /**
   * The sign-in used a second factor (issue 29), as its issuer says: `mfa` in the token's `amr`
   * (RFC 8176), or an `acr` named in OIDC_MULTI_FACTOR_ACR. The team's powers need it.
   */
  usedSecondFactor: boolean;
}

/** The rule of `usedSecondFactor`, in one place. */
function usedSecondFactor(payload: JWTPayload, multiFactorAcr: readonly string[]): boolean {
  const { amr, acr } = payload;
  return (Array.isArray(amr) && amr.includes('mfa')) || (typeof acr === 'string' && multiFactorAcr.includes(acr));
}

export interface ProfileClaims {
  email?: string;
  name?: string;
  /** Undefined when the claim is missing: only an explicit true lets the portal trust the address. */
  emailVerified?: boolean;
}

export interface TokenVerifier {
  readonly issuer: string;
  verify(token: string): Promise<VerifiedAccessToken>;
  /** Profile claims from the issuer's userinfo endpoint; null when it has none. */
  fetchProfile(token: string, sub: string): Promise<ProfileClaims | null>;
  /** Whether the sign-in the token was issued in still stands (a separate call, so the API can run it beside its user lookup). */
  isSignInLive(token: VerifiedAccessToken): Promise<boolean>;
}

/** The keys could not be fetched: nothing is known about the token yet. */
class IssuerUnreachableError extends Error {}

/** jose's answers about a key set that was fetched fine but has no key for this token. */
const KEY_MISMATCH_CODES = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'ERR_JOSE_ALG_NOT_ALLOWED', 'ERR_JOSE_NOT_SUPPORTED']);

export const INVALID_TOKEN_MESSAGE = 'The access token is not valid. Sign in again.';
export const EXPIRED_TOKEN_MESSAGE = 'Your session has expired. Sign in again to continue.';

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `email_verified` as issuers send it: a boolean, or (some) the strings 'true' and 'false'. */
function readEmailVerified(value: unknown): boolean | undefined {
  if (value === true || value === 'true') {
    return true;
  }
  return value === false || value === 'false' ? false : undefined;
}

function profileOf(claims: Record<string, unknown>): ProfileClaims {
  const emailVerified = readEmailVerified(claims.email_verified);
  return {
    email: optionalString(claims.email),
    name: optionalString(claims.name),
    ...(emailVerified === undefined ? {} : { emailVerified }),
  };
}

function toVerified(issuer: string, payload: JWTPayload, options: { readsSessionUid: boolean; multiFactorAcr: readonly string[] }): VerifiedAccessToken {
  const sub = optionalString(payload.sub);
  if (!sub) {
    throw new AppError(ErrorCode.Unauthorized, INVALID_TOKEN_MESSAGE);
  }
  const sessionUid = options.readsSessionUid ? optionalString(payload[SESSION_UID_CLAIM]) : undefined;
  return {
    sub,
    subject: `${issuer}|${sub}`,
    ...profileOf(payload),
    ...(sessionUid ? { sessionUid } : {}),
    usedSecondFactor: usedSecondFactor(payload, options.multiFactorAcr),
  };
}

const UNREACHABLE_MESSAGE = 'The identity provider cannot be reached. Try again in a moment.';

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) {
    return error;
  }
  if (error instanceof IssuerUnreachableError) {
    return new AppError(ErrorCode.Unavailable, UNREACHABLE_MESSAGE);
  }
  if (error instanceof joseErrors.JWTExpired) {
    return new AppError(ErrorCode.SessionExpired, EXPIRED_TOKEN_MESSAGE);
  }
  // Malformed, forged, wrong issuer or audience, `alg: none`, unknown key: all the same to a client.
  return new AppError(ErrorCode.Unauthorized, INVALID_TOKEN_MESSAGE);
}

/** Tells "the key set could not be fetched" apart from "the key set has no key for this token". */
function guardKeyFetch(keys: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError && KEY_MISMATCH_CODES.has(error.code)) {
        throw error;
      }
      throw new IssuerUnreachableError('could not fetch the issuer keys', { cause: error });
    }
  };
}

/** The `typ` header, checked before the signature so that an expired token of the wrong type is a 401. */
function assertTokenType(token: string, types: string[]): void {
  let type: string;
  try {
    type = (decodeProtectedHeader(token).typ ?? '').toLowerCase().replace(/^application\//, '');
  } catch {
    throw new AppError(ErrorCode.Unauthorized, INVALID_TOKEN_MESSAGE);
  }
  if (!types.includes(type)) {
    throw new AppError(ErrorCode.Unauthorized, INVALID_TOKEN_MESSAGE);
  }
}

async function verifyWith(
  token: string,
  keys: JWTVerifyGetKey,
  config: Config,
  options: { algorithms: string[]; types: string[] },
): Promise<JWTPayload> {
  try {
    assertTokenType(token, options.types);
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      algorithms: options.algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
    });
    return payload;
  } catch (error) {
    throw toAppError(error);
  }
}

export const SIGNED_OUT_MESSAGE = 'You have signed out, or your sign-in was ended. Sign in again.';

/**
 * Tokens of the embedded provider, checked against its own keys in this process. `isSignInLive`
 * checks its sessions: a token whose session has ended (signed out, password reset or changed
 * elsewhere) is refused at once rather than at its expiry. `isSessionLive` reads the stored sessions.
 */
export function createEmbeddedTokenVerifier(
  config: Config,
  publicJwks: { keys: JWK[] },
  isSessionLive: (sessionUid: string) => Promise<boolean>,
): TokenVerifier {
  const keys = createLocalJWKSet(publicJwks);
  return {
    issuer: config.oidc.issuer,
    async verify(token) {
      const payload = await verifyWith(token, keys, config, { algorithms: EMBEDDED_ALGORITHMS, types: ['at+jwt'] });
      return toVerified(config.oidc.issuer, payload, { readsSessionUid: true, multiFactorAcr: [] });
    },
    // Tokens without the claim come from before it existed, and run out within ACCESS_TOKEN_TTL.
    isSignInLive: (verified) => (verified.sessionUid === undefined ? Promise.resolve(true) : isSessionLive(verified.sessionUid)),
    // Its access tokens carry email and name already (extraTokenClaims).
    fetchProfile: () => Promise.resolve(null),
  };
}

interface DiscoveryDocument {
  jwksUri: URL;
  userinfoEndpoint: string | undefined;
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) {
    throw new Error(`${url} answered ${response.status}`);
  }
  return response.json();
}

async function discover(issuer: string): Promise<DiscoveryDocument> {
  const document = await fetchJson(`${issuer}/.well-known/openid-configuration`);
  if (typeof document !== 'object' || document === null) {
    throw new Error('discovery document is not an object');
  }
  const fields = document as Record<string, unknown>;
  // The document must name the very issuer we trust (OpenID Connect Discovery §4.3).
  if (fields.issuer !== issuer) {
    throw new Error('discovery document names another issuer');
  }
  if (typeof fields.jwks_uri !== 'string') {
    throw new Error('discovery document has no jwks_uri');
  }
  return {
    jwksUri: new URL(fields.jwks_uri),
    userinfoEndpoint: typeof fields.userinfo_endpoint === 'string' ? fields.userinfo_endpoint : undefined,
  };
}

/** Tokens of an external issuer, checked against the keys its discovery document points to. */
export function createRemoteTokenVerifier(config: Config): TokenVerifier {
  const { issuer } = config.oidc;
  let discovery: Promise<{ document: DiscoveryDocument; keys: JWTVerifyGetKey }> | undefined;

  // Cached once it succeeds; a failure is forgotten so the next request tries again.
  const load = () => {
    discovery ??= discover(issuer).then(
      (document) => ({
        document,
        keys: guardKeyFetch(createRemoteJWKSet(document.jwksUri, { timeoutDuration: FETCH_TIMEOUT_MS })),
      }),
      (error: unknown) => {
        discovery = undefined;
        throw error;
      },
    );
    return discovery;
  };

  return {
    issuer,
    async verify(token) {
      let keys: JWTVerifyGetKey;
      try {
        ({ keys } = await load());
      } catch {
        throw new AppError(ErrorCode.Unavailable, UNREACHABLE_MESSAGE);
      }
      const payload = await verifyWith(token, keys, config, { algorithms: EXTERNAL_ALGORITHMS, types: ['at+jwt', 'jwt'] });
      return toVerified(issuer, payload, { readsSessionUid: false, multiFactorAcr: config.oidc.multiFactorAcr });
    },
    // The external issuer's sessions are its own: its tokens stand until they expire.
    isSignInLive: () => Promise.resolve(true),
    async fetchProfile(token, sub) {
      const { document } = await load();
      if (!document.userinfoEndpoint) {
        return null;
      }
      const claims = await fetchJson(document.userinfoEndpoint, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      if (typeof claims !== 'object' || claims === null) {
        return null;
      }
      const fields = claims as Record<string, unknown>;
      // Userinfo must describe the token's own subject (OpenID Connect Core §5.3.2).
      if (fields.sub !== sub) {
        return null;
      }
      return profileOf(fields);
    },
  };
}
