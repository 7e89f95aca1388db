/**
 * The embedded OpenID Connect provider (oidc-provider), mounted under `/oidc` when no external
 * issuer is configured. One public client, the portal's browser apps: authorization code + PKCE,
 * JWT access tokens for the API audience, rotated refresh tokens. State lives in the database
 * (oidc-adapter.ts) and the signing keys in `server_settings` (signing-keys.ts), so restarts and
 * extra processes change nothing for a signed-in person.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import { errors, Provider } from './load-oidc-provider';
import { AUTH_CALLBACK_PATH } from '../../common/page-data';
import type { App } from '../app-type';
import { identityAccounts } from '../db/schema/index';
import { createOidcAdapter } from './oidc-adapter';
import { INVITATION_PARAM, registerInteractionRoutes } from './interaction-routes';
import { registerPasswordRoutes } from './password-routes';
import {
  SIGN_OUT_SCRIPT,
  SIGN_OUT_SCRIPT_PATH,
  createAuthPageRenderer,
  providerErrorPage,
  signOutPage,
  signedOutPage,
  type AuthPageRenderer,
} from './pages';
import { PASSKEY_SCRIPT, PASSKEY_SCRIPT_PATH, WEBAUTHN_BROWSER_SCRIPT_PATH } from './second-step-pages';
import { recordSignIn } from './sign-in-sessions';
import { SESSION_TTL_SECONDS } from './session-lifetime';
import { loadSigningKeys, type SigningKeys } from './signing-keys';
import { SESSION_UID_CLAIM } from './verify-token';

/** The client address Fastify worked out (TRUST_PROXY and all) for each request handed to the provider. */
const clientAddresses = new WeakMap<IncomingMessage, string>();

/** Where Fastify mounts the provider; the issuer URL says where browsers reach it. */
export const PROVIDER_MOUNT_PATH = '/oidc';
export const API_SCOPE = 'openid profile email';

const INTERACTION_TTL_SECONDS = 60 * 60;
const ID_TOKEN_TTL_SECONDS = 60 * 60;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;
const GRANT_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface EmbeddedIdentityProvider {
  provider: Provider;
  keys: SigningKeys;
}

function remainingTtlOf(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && 'remainingTTL' in value && typeof value.remainingTTL === 'number') {
    return value.remainingTTL;
  }
  return undefined;
}

function createProvider(app: App, keys: SigningKeys, render: AuthPageRenderer): Provider {
  const { config } = app;
  const { db } = app.database;
  const { clientId, audience } = config.oidc;
  const issuer = new URL(config.oidc.issuer);
  const issuerPath = issuer.pathname.replace(/\/+$/, '');
  const portalOrigin = new URL(config.publicUrl).origin;
  const homeUrl = `${config.publicUrl}/`;

  const findAccount = async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    const [account] = await db
      .select({ id: identityAccounts.id, email: identityAccounts.email, name: identityAccounts.name })
      .from(identityAccounts)
      .where(eq(identityAccounts.id, sub));
    if (!account) {
      return undefined;
    }
    return {
      accountId: account.id,
      // Accounts come from the seed, the marketplace team or an invitation link (which proved the
      // address), so their addresses count as verified.
      claims: () => ({ sub: account.id, name: account.name, email: account.email, email_verified: true }),
    };
  };

  const provider = new Provider(config.oidc.issuer, {
    adapter: createOidcAdapter(db, { log: app.log }),
    clients: [
      {
        client_id: clientId,
        client_name: config.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}${AUTH_CALLBACK_PATH}`],
        post_logout_redirect_uris: [homeUrl],
      },
    ],
    // The code flow only: no implicit or hybrid responses that put tokens in URLs.
    responseTypes: ['code'],
    // An invitation's token, so the sign-in page can create the invited person's account and sign
    // them in at once (server/auth/interaction-routes.tsx): one path from the mail to the dashboard.
    extraParams: [INVITATION_PARAM],
    jwks: { keys: keys.privateJwks.keys.map((key) => ({ ...key })) },
    cookies: {
      keys: config.oidc.cookieKeys,
      // The session cookie is only read under the issuer path; pages and the API never need it.
      long: { httpOnly: true, sameSite: 'lax', path: issuerPath || '/' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // Profile claims go in the ID token: the browser apps do not call userinfo (loadUserInfo off).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) => origin === portalOrigin && client.clientId === clientId,
    findAccount,
    // The API reads email and name from the access token, so it never needs a userinfo call.
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) {
        return undefined;
      }
      const account = await findAccount(ctx, token.accountId);
      if (!account) {
        return undefined;
      }
      const claims = await account.claims('access_token', token.scope ?? '', {}, []);
      const scopes = new Set((token.scope ?? '').split(' '));
      return {
        ...(scopes.has('email') ? { email: claims.email, email_verified: claims.email_verified } : {}),
        ...(scopes.has('profile') ? { name: claims.name } : {}),
        // Lets a password change keep this sign-in and end the account's others.
        ...(token.sessionUid ? { [SESSION_UID_CLAIM]: token.sessionUid } : {}),
        // How the person signed in (RFC 8176), from the code or refresh token this token comes from:
        // team routes ask for a second factor (server/auth/second-factor.ts).
        ...authenticationMethodsOf(ctx.oidc.entities),
      };
    },
    // The browser app renews silently with a refresh token; without this it would need offline_access.
    issueRefreshToken: (_ctx, client) => client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: { url: (_ctx, interaction) => `${issuer.origin}/interaction/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = providerErrorPage(render, { description: out.error_description, homeUrl });
    },
    ttl: {
      AccessToken: Math.max(1, config.oidc.accessTokenTtl),
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ID_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: GRANT_TTL_SECONDS,
      // A rotated refresh token keeps its predecessor's end, so rotation never extends a sign-in.
      RefreshToken: (ctx) => remainingTtlOf(ctx?.oidc.entities.RotatedRefreshToken) ?? SESSION_TTL_SECONDS,
    },
    features: {
      devInteractions: { enabled: false },
      // The API does not check proof-of-possession, so do not issue sender-constrained tokens.
      dPoP: { enabled: false },
      // /oidc/token/revocation: the app revokes its refresh token on sign-out (RFC 7009). Its JWT
      // access tokens cannot be revoked there; the API refuses them once their session has ended.
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx) => {
          const session = ctx.oidc.session;
          const secret = session?.state?.secret;
          if (typeof secret !== 'string') {
            throw new Error('sign-out state is missing');
          }
          // The spec's reason for a confirmation is a third party logging someone out. A valid ID
          // token of our client for this very person proves the portal asked, so the page submits
          // itself (same-origin script, CSP-safe); anything else shows a real "Sign out" button.
          const hint = ctx.oidc.entities.IdTokenHint;
          const autoSubmit =
            hint !== undefined && ctx.oidc.client?.clientId === clientId && hint.payload.sub === session?.accountId;
          ctx.type = 'html';
          ctx.set('cache-control', 'no-store');
          ctx.body = signOutPage(render, {
            productName: config.productName,
            action: ctx.oidc.urlFor('end_session_confirm'),
            xsrf: secret,
            autoSubmit,
            homeUrl,
          });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(render, { productName: config.productName, homeUrl });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) =>
          Promise.resolve(oneOf ? (oneOf.includes(audience) ? audience : oneOf) : audience),
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) {
            return Promise.reject(new errors.InvalidTarget());
          }
          return Promise.resolve({
            scope: API_SCOPE,
            audience,
            accessTokenTTL: Math.max(1, config.oidc.accessTokenTtl),
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          });
        },
        useGrantedResource: () => true,
      },
    },
  });

  // Behind a TLS-terminating proxy Koa must trust X-Forwarded-Proto, or cookies lose `Secure`.
  provider.proxy = config.trustProxy;

  provider.use(async (ctx, next) => {
    // Discovery, redirects and cookie paths are built from the configured issuer, not from whatever
    // Host header a request carried.
    const originalUrl = (ctx.req as IncomingMessage & { originalUrl?: string }).originalUrl ?? ctx.url;
    Object.defineProperty(ctx, 'href', { value: new URL(originalUrl, issuer.origin).href, configurable: true });
    const contentSecurityPolicy = ctx.res.getHeader('content-security-policy');

    await next();

    // A sign-in just completed (the browser comes back from the sign-in page): note the browser
    // and address for 'Your account'. The session keeps its uid when the provider renews its id.
    const completed = ctx.oidc;
    if (completed?.route === 'resume' && completed.result?.login && completed.session?.accountId && !completed.session.destroyed) {
      try {
        await recordSignIn(db, {
          sessionUid: completed.session.uid,
          userAgent: ctx.req.headers['user-agent'],
          address: clientAddresses.get(ctx.req) ?? ctx.req.socket.remoteAddress,
        });
      } catch (error) {
        app.log.warn({ err: error }, 'could not record a sign-in for the account page');
      }
    }

    // Sign-out with no one signed in: the provider answers with a page that submits itself through
    // an inline script (allowed by a hash it adds to the CSP). Serve our own page instead, which
    // does the same with the same-origin script, and keep the CSP as it was.
    const { oidc } = ctx;
    const secret = oidc?.session?.state?.secret;
    if (oidc?.route === 'end_session' && ctx.status === 200 && !oidc.session?.accountId && typeof secret === 'string') {
      if (typeof contentSecurityPolicy === 'string') {
        ctx.set('content-security-policy', contentSecurityPolicy);
      }
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = signOutPage(render, {
        productName: config.productName,
        action: oidc.urlFor('end_session_confirm'),
        xsrf: secret,
        autoSubmit: true,
        homeUrl,
      });
    }
  });

  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    app.log.error({ err: error }, 'identity provider error');
  });
  // Koa prints unhandled errors to stderr unless someone listens.
  provider.on('error', (error: unknown) => {
    app.log.error({ err: error }, 'identity provider error');
  });

  return provider;
}

/**
 * Hands `/oidc/*` to the provider. The scope has no body parsers (the provider reads the raw
 * stream), the reply is hijacked, and the URL is rewritten to what the provider expects.
 */
async function mountProvider(app: App, provider: Provider): Promise<void> {
  const handle = provider.callback();
  const issuerPath = new URL(app.config.oidc.issuer).pathname.replace(/\/+$/, '');

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const original = raw.url ?? PROVIDER_MOUNT_PATH;
    let inner = original.slice(PROVIDER_MOUNT_PATH.length);
    if (!inner.startsWith('/')) {
      inner = `/${inner}`;
    }
    raw.originalUrl = `${issuerPath}${inner}`;
    clientAddresses.set(raw, request.ip);
    raw.url = inner;
    try {
      await handle(raw, reply.raw);
    } finally {
      raw.url = original;
    }
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const options = { schema: { hide: true } };
    scope.all(PROVIDER_MOUNT_PATH, options, forward);
    scope.all(`${PROVIDER_MOUNT_PATH}/*`, options, forward);
  });
}

/** The `amr` the sign-in recorded, carried by the authorization code and then by each refresh token. */
function authenticationMethodsOf(entities: Record<string, unknown>): { amr?: string[] } {
  for (const name of ['AuthorizationCode', 'RefreshToken']) {
    const entity = entities[name];
    const amr: unknown = typeof entity === 'object' && entity !== null ? (entity as { amr?: unknown }).amr : undefined;
    if (Array.isArray(amr) && amr.every((method) => typeof method === 'string')) {
      return { amr };
    }
  }
  return {};
}

/** SimpleWebAuthn's browser bundle (it defines `window.SimpleWebAuthnBrowser`), read once from its package. */
function readWebAuthnBrowserBundle(): string {
  const packageEntry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  return readFileSync(path.join(path.dirname(packageEntry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
}

/** Starts the embedded provider: keys, `/oidc`, the sign-in pages and their same-origin scripts. */
export async function registerIdentityProvider(app: App): Promise<EmbeddedIdentityProvider> {
  const keys = await loadSigningKeys(app.database.db);
  const render = createAuthPageRenderer(app);
  const provider = createProvider(app, keys, render);
  await mountProvider(app, provider);
  await registerInteractionRoutes(app, provider, render);
  await registerPasswordRoutes(app, render);
  const scripts: [string, string][] = [
    [SIGN_OUT_SCRIPT_PATH, SIGN_OUT_SCRIPT],
    [PASSKEY_SCRIPT_PATH, PASSKEY_SCRIPT],
    [WEBAUTHN_BROWSER_SCRIPT_PATH, readWebAuthnBrowserBundle()],
  ];
  for (const [scriptPath, script] of scripts) {
    app.get(scriptPath, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
    );
  }
  return { provider, keys };
}
