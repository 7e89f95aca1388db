/**
 * Test helpers for signing in through the REAL embedded provider: identity accounts, users and
 * suppliers in the database, and `signIn`, which drives the authorization-code + PKCE flow through
 * `app.inject` exactly as a browser would (cookies, redirects, the sign-in form, the token endpoint).
 *
 *   const context = await buildTestApp();
 *   const { user, accessToken } = await createSignedInUser(context);
 *   await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
 *
 * Only tests import this file.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, importJWK, type JWTPayload } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app-type';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { agencyMemberships, identityAccounts, secondFactors, supplierMemberships, suppliers, users, type SupplierStatus } from '../db/schema/index';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from '../test/software-authenticator';
import { AUTH_CALLBACK_PATH } from '../../common/page-data';
import { hashPassword } from './passwords';
import { loadSigningKeys } from './signing-keys';

/** The password every helper-made account has unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** What the helpers need of a test context; `buildTestApp()`'s result fits. */
export interface AuthTestContext {
  app: App;
  config: Config;
}

export interface AuthTestContextWithDatabase extends AuthTestContext {
  database: DatabaseHandle;
}

let sequence = 0;
/** A unique, readable email address for a test person. */
export function uniqueEmail(prefix = 'person'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@example.test`;
}

// argon2 costs ~50 ms a hash: hash each distinct password once per test file.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface IdentityAccountFixture {
  id: string;
  email: string;
  name: string;
  password: string;
}

/** A sign-in account of the embedded provider (not yet a portal user: that happens on first API call). */
export async function createIdentityAccount(
  db: Database,
  input: { email?: string; name?: string; password?: string } = {},
): Promise<IdentityAccountFixture> {
  const email = input.email ?? uniqueEmail();
  const account = { id: randomUUID(), email, name: input.name ?? 'Test Person', password: input.password ?? TEST_PASSWORD };
  await db.insert(identityAccounts).values({
    id: account.id,
    email: account.email,
    name: account.name,
    passwordHash: await hashOnce(account.password),
  });
  return account;
}

export interface UserFixture {
  id: number;
  email: string;
  name: string;
}

/** A portal user row, as the seed or the marketplace team would add it (no subject until first sign-in). */
export async function createUser(
  db: Database,
  input: { email?: string; name?: string; isTeamMember?: boolean; subject?: string | null } = {},
): Promise<UserFixture> {
  const [row] = await db
    .insert(users)
    .values({
      email: input.email ?? uniqueEmail(),
      name: input.name ?? 'Test Person',
      isTeamMember: input.isTeamMember ?? false,
      subject: input.subject ?? null,
    })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!row) {
    throw new Error('user insert returned nothing');
  }
  return row;
}

export interface SupplierMemberInput {
  userId: number;
  isAdmin?: boolean;
}

/** A supplier with the given members; returns its id. */
export async function createSupplierWithMembers(
  db: Database,
  input: { tradingName?: string; status?: SupplierStatus; members?: SupplierMemberInput[] } = {},
): Promise<{ supplierId: number }> {
  const tradingName = input.tradingName ?? `Test Supplier ${randomBytes(3).toString('hex')}`;
  const [supplier] = await db
    .insert(suppliers)
    .values({ tradingName, legalName: `${tradingName} Limited`, status: input.status ?? 'approved' })
    .returning({ id: suppliers.id });
  if (!supplier) {
    throw new Error('supplier insert returned nothing');
  }
  const members = input.members ?? [];
  if (members.length > 0) {
    await db
      .insert(supplierMemberships)
      .values(members.map((member) => ({ supplierId: supplier.id, userId: member.userId, isAdmin: member.isAdmin ?? false })));
  }
  return { supplierId: supplier.id };
}

/** Headers of an API call: the bearer token and, for dashboard routes, the active supplier. */
/** The headers of an agency dashboard call: the bearer token and the active agency (issue 31). */
export function agencyBearer(accessToken: string, agencyId: number): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, 'x-agency-id': String(agencyId) };
}

export function bearer(accessToken: string, supplierId?: number): Record<string, string> {
  return {
    authorization: `Bearer ${accessToken}`,
    ...(supplierId === undefined ? {} : { 'x-supplier-id': String(supplierId) }),
  };
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Just enough of a browser's cookie store for one host: names, paths, deletion. */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(setCookie: string | string[] | undefined): void {
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let isDeleted = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        const lowerKey = key.toLowerCase();
        if (lowerKey === 'path') {
          path = attributeValue;
        } else if (lowerKey === 'expires' && Date.parse(attributeValue) <= Date.now()) {
          isDeleted = true;
        } else if (lowerKey === 'max-age' && Number(attributeValue) <= 0) {
          isDeleted = true;
        }
      }
      this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
      if (!isDeleted) {
        this.cookies.push({ name, value, path });
      }
    }
  }

  /** The Cookie header a browser would send to this path, or undefined. */
  header(requestPath: string): string | undefined {
    const path = requestPath.split('?')[0] ?? '/';
    const matching = this.cookies.filter(
      (cookie) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
    );
    return matching.length > 0 ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }

  has(name: string): boolean {
    return this.cookies.some((cookie) => cookie.name === name);
  }
}

export interface BrowserRequest {
  method: 'GET' | 'POST';
  url: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client address the app sees; sign-in rate limits count per address. */
  remoteAddress?: string;
}

/** An answer as the sign-in flow reads it: `app.inject`'s, or one that came over real HTTP. */
export interface FlowResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** One request to the portal (a path, never a whole URL), sent through `app.inject` or over HTTP. */
export interface FlowRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress?: string;
}

export type SendRequest<R extends FlowResponse = FlowResponse> = (request: FlowRequest) => Promise<R>;

/** What the flow needs of the configuration: a `Config` fits, so does one built for a spawned server. */
export interface FlowConfig {
  publicUrl: string;
  oidc: Pick<Config['oidc'], 'clientId' | 'audience'>;
}

/** Sends through `app.inject`. */
export function injectSender(app: App): SendRequest<LightMyRequestResponse> {
  return (request) => {
    const options: InjectOptions = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    };
    return app.inject(options);
  };
}

/** One request as the browser would send it, through any sender: with the jar's cookies, storing the ones set. */
export async function sendAsBrowser<R extends FlowResponse>(send: SendRequest<R>, jar: CookieJar, request: BrowserRequest): Promise<R> {
  const cookie = jar.header(request.url);
  const response = await send({
    method: request.method,
    url: request.url,
    headers: {
      accept: 'text/html',
      ...(cookie ? { cookie } : {}),
      ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...request.headers,
    },
    ...(request.form ? { payload: new URLSearchParams(request.form).toString() } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  const setCookie = response.headers['set-cookie'];
  jar.store(typeof setCookie === 'number' ? undefined : setCookie);
  return response;
}

/** One request as the browser would send it: with the jar's cookies, storing the ones set. */
export function browserRequest(app: App, jar: CookieJar, request: BrowserRequest): Promise<LightMyRequestResponse> {
  return sendAsBrowser(injectSender(app), jar, request);
}

export type FlowStop<R extends FlowResponse = LightMyRequestResponse> = { kind: 'callback'; url: URL } | { kind: 'page'; path: string; response: R };

/** `followRedirects` through any sender. */
export async function followRedirectsWith<R extends FlowResponse>(
  send: SendRequest<R>,
  config: FlowConfig,
  jar: CookieJar,
  response: R,
  path: string,
  remoteAddress?: string,
): Promise<FlowStop<R>> {
  const callback = `${config.publicUrl}${AUTH_CALLBACK_PATH}`;
  let current = response;
  let currentPath = path;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = current.headers.location;
    if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') {
      return { kind: 'page', path: currentPath, response: current };
    }
    const target = new URL(location, config.publicUrl);
    if (`${target.origin}${target.pathname}` === callback) {
      return { kind: 'callback', url: target };
    }
    if (target.origin !== new URL(config.publicUrl).origin) {
      throw new Error(`redirected off the portal to ${target.origin}`);
    }
    currentPath = `${target.pathname}${target.search}`;
    current = await sendAsBrowser(send, jar, { method: 'GET', url: currentPath, ...(remoteAddress ? { remoteAddress } : {}) });
  }
  throw new Error('too many redirects');
}

/**
 * Follows redirects within the portal until the browser would land on the apps' callback page
 * (`kind: 'callback'`, with `code` or `error`) or on any other page (`kind: 'page'`).
 */
export function followRedirects(
  app: App,
  config: FlowConfig,
  jar: CookieJar,
  response: LightMyRequestResponse,
  path: string,
  remoteAddress?: string,
): Promise<FlowStop> {
  return followRedirectsWith(injectSender(app), config, jar, response, path, remoteAddress);
}

export interface AuthorizationRequest {
  path: string;
  codeVerifier: string;
  state: string;
}

/** The authorization request the browser apps send (oidc-client-ts: code + PKCE S256 + resource). */
export function buildAuthorizationRequest(config: FlowConfig, options: { prompt?: string; scope?: string; invitation?: string } = {}): AuthorizationRequest {
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const query = new URLSearchParams({
    client_id: config.oidc.clientId,
    redirect_uri: `${config.publicUrl}${AUTH_CALLBACK_PATH}`,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email',
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(12).toString('base64url'),
    resource: config.oidc.audience,
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...(options.invitation ? { invitation: options.invitation } : {}),
  });
  return { path: `/oidc/auth?${query.toString()}`, codeVerifier, state };
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
  scope: string;
}

function toTokenSet(response: FlowResponse): TokenSet {
  if (response.statusCode !== 200) {
    throw new Error(`token endpoint answered ${response.statusCode}: ${response.body}`);
  }
  const body = JSON.parse(response.body) as Record<string, unknown>;
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  return {
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 0,
    scope: text('scope'),
  };
}

function postTokenForm<R extends FlowResponse>(send: SendRequest<R>, form: Record<string, string>): Promise<R> {
  return send({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** `exchangeCode` through any sender. */
export async function exchangeCodeWith(send: SendRequest, config: FlowConfig, code: string, codeVerifier: string): Promise<TokenSet> {
  return toTokenSet(
    await postTokenForm(send, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${config.publicUrl}${AUTH_CALLBACK_PATH}`,
      client_id: config.oidc.clientId,
      code_verifier: codeVerifier,
    }),
  );
}

/** POST /oidc/token with the code, as the browser app does after the callback. */
export function exchangeCode(app: App, config: FlowConfig, code: string, codeVerifier: string): Promise<TokenSet> {
  return exchangeCodeWith(injectSender(app), config, code, codeVerifier);
}

/** `requestRefresh` through any sender. */
export function requestRefreshWith<R extends FlowResponse>(send: SendRequest<R>, config: FlowConfig, refreshToken: string): Promise<R> {
  return postTokenForm(send, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: config.oidc.clientId });
}

/** POST /oidc/token with a refresh token (the apps' silent renew); the raw response, to test failures. */
export function requestRefresh(app: App, config: FlowConfig, refreshToken: string): Promise<LightMyRequestResponse> {
  return requestRefreshWith(injectSender(app), config, refreshToken);
}

export async function refreshTokens(app: App, config: FlowConfig, refreshToken: string): Promise<TokenSet> {
  return toTokenSet(await requestRefresh(app, config, refreshToken));
}

export interface SignInResult extends TokenSet {
  /** The browser's cookies afterwards (the provider session), for sign-out or prompt=none tests. */
  jar: CookieJar;
}

function randomAddress(): string {
  const byte = () => String(randomBytes(1)[0] ?? 1);
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface SignInOptions {
  jar?: CookieJar;
  remoteAddress?: string;
  /** For an account with two-step verification: what to answer on the second step, given the page that asks. */
  secondStep?: { method: 'authenticator-app' | 'recovery-code' | 'passkey'; code: (page: string) => string | Promise<string> };
}

/** The second step answered with a passkey, as the browser would from the page's options. */
export function passkeyStep(passkey: SoftwareAuthenticator, publicUrl: string): NonNullable<SignInOptions['secondStep']> {
  return {
    method: 'passkey',
    code: (page) => {
      const options = /<script type="application\/json" id="passkey-options">([^<]*)<\/script>/.exec(page)?.[1];
      if (!options) {
        throw new Error('the second step did not ask for a passkey');
      }
      return JSON.stringify(passkey.authenticate(JSON.parse(options) as { challenge: string; rpId?: string }, new URL(publicUrl).origin));
    },
  };
}

/** `signIn` through any sender: `app.inject`, or real HTTP to a spawned server (server/resilience). */
export async function signInWith(
  send: SendRequest,
  config: FlowConfig,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const jar = options.jar ?? new CookieJar();
  const remoteAddress = options.remoteAddress ?? randomAddress();
  const authorization = buildAuthorizationRequest(config);
  const first = await sendAsBrowser(send, jar, { method: 'GET', url: authorization.path, remoteAddress });
  let stop = await followRedirectsWith(send, config, jar, first, authorization.path, remoteAddress);

  if (stop.kind === 'page') {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(stop.path);
    if (!match || stop.response.statusCode !== 200) {
      // The provider's error page says why (a 400 names its OAuth error): kept in the message for a rare failure to be read.
      const said = stop.response.body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 400);
      throw new Error(`expected the sign-in page, got ${stop.response.statusCode} at ${stop.path}: ${said}`);
    }
    const loginPath = `${stop.path}/login`;
    const posted = await sendAsBrowser(send, jar, { method: 'POST', url: loginPath, form: { email, password }, remoteAddress });
    if (posted.statusCode !== 303) {
      throw new Error(`sign-in as ${email} failed with ${posted.statusCode}`);
    }
    stop = await followRedirectsWith(send, config, jar, posted, loginPath, remoteAddress);
  }
  if (stop.kind === 'page' && stop.path.endsWith('/second-factor') && options.secondStep) {
    // Two-step verification: the code is read when the page asks, as a person would.
    const code = await options.secondStep.code(stop.response.body);
    const posted = await sendAsBrowser(send, jar, { method: 'POST', url: stop.path, form: { method: options.secondStep.method, code }, remoteAddress });
    if (posted.statusCode !== 303) {
      throw new Error(`the second step as ${email} failed with ${posted.statusCode}`);
    }
    stop = await followRedirectsWith(send, config, jar, posted, stop.path, remoteAddress);
  }
  if (stop.kind !== 'callback') {
    throw new Error(`sign-in ended on ${stop.path} (${stop.response.statusCode})`);
  }
  const code = stop.url.searchParams.get('code');
  if (!code || stop.url.searchParams.get('state') !== authorization.state) {
    throw new Error(`sign-in returned no code: ${stop.url.search}`);
  }
  return { ...(await exchangeCodeWith(send, config, code, authorization.codeVerifier)), jar };
}

/**
 * Signs in through the real flow: GET /oidc/auth → the sign-in page → POST the credentials →
 * redirects (consent is automatic) → callback code → POST /oidc/token. Throws when sign-in fails.
 * Each call comes from its own client address, so many sign-ins never trip the sign-in rate limit.
 */
export function signIn(
  context: AuthTestContext,
  email: string,
  password: string = TEST_PASSWORD,
  options: SignInOptions = {},
): Promise<SignInResult> {
  return signInWith(injectSender(context.app), context.config, email, password, options);
}

export interface SignedInUser extends SignInResult {
  user: UserFixture;
  account: IdentityAccountFixture;
  /** The passkey of a team member (the team's pages need a second factor) or of `withSecondFactor`, to sign in with again. */
  passkey?: SoftwareAuthenticator;
}

/** Adds a passkey to the account, as 'Your account' would once the browser made it; the passkey. */
export async function addTestPasskey(db: Database, accountId: string): Promise<SoftwareAuthenticator> {
  const passkey = createSoftwareAuthenticator();
  await db.insert(secondFactors).values({
    id: randomUUID(),
    accountId,
    kind: 'passkey',
    name: 'Test passkey',
    credentialId: passkey.credentialId,
    publicKey: passkey.cosePublicKey,
    signCount: 0,
    transports: ['internal'],
  });
  return passkey;
}

/**
 * A portal user with a sign-in account of the same email, member of the given suppliers, signed in.
 * A team member has a passkey and signs in with it, as the team's pages require; anyone else does
 * when `withSecondFactor` says so. The user row is linked to the identity by the first API call
 * that carries the access token.
 */
export async function createSignedInUser(
  context: AuthTestContextWithDatabase,
  input: {
    email?: string;
    name?: string;
    password?: string;
    isTeamMember?: boolean;
    withSecondFactor?: boolean;
    suppliers?: { supplierId: number; isAdmin?: boolean }[];
    /** Approved agencies the person belongs to (issue 31). */
    agencies?: { agencyId: number; isAdmin?: boolean }[];
  } = {},
): Promise<SignedInUser> {
  const { db } = context.database;
  const email = input.email ?? uniqueEmail();
  const name = input.name ?? 'Test Person';
  const account = await createIdentityAccount(db, { email, name, ...(input.password === undefined ? {} : { password: input.password }) });
  const user = await createUser(db, { email, name, isTeamMember: input.isTeamMember ?? false });
  const memberships = input.suppliers ?? [];
  if (memberships.length > 0) {
    await db
      .insert(supplierMemberships)
      .values(memberships.map((membership) => ({ supplierId: membership.supplierId, userId: user.id, isAdmin: membership.isAdmin ?? false })));
  }
  if (input.agencies && input.agencies.length > 0) {
    await db.insert(agencyMemberships).values(input.agencies.map((membership) => ({ agencyId: membership.agencyId, userId: user.id, isAdmin: membership.isAdmin ?? false })));
  }
  if (input.withSecondFactor ?? input.isTeamMember === true) {
    const passkey = await addTestPasskey(db, account.id);
    return { ...(await signIn(context, email, account.password, { secondStep: passkeyStep(passkey, context.config.publicUrl) })), user, account, passkey };
  }
  return { ...(await signIn(context, email, account.password)), user, account };
}

/**
 * An access token signed with the embedded provider's real key, with any claims and header: for
 * tests of expiry and claim checks. Defaults match what the provider issues.
 */
export async function signTestAccessToken(
  context: AuthTestContextWithDatabase,
  claims: JWTPayload = {},
  header: { typ?: string } = {},
): Promise<string> {
  const { privateJwks } = await loadSigningKeys(context.database.db);
  const [jwk] = privateJwks.keys;
  if (!jwk) {
    throw new Error('no signing key');
  }
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: context.config.oidc.issuer,
    aud: context.config.oidc.audience,
    sub: randomUUID(),
    iat: now,
    exp: now + 300,
    client_id: context.config.oidc.clientId,
    scope: 'openid profile email',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: header.typ ?? 'at+jwt' })
    .sign(await importJWK(jwk, 'RS256'));
}
