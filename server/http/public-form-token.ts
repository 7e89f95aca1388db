/**
 * The public forms' security token, in one place. A page rendered with `publicForm: true` gets a
 * session cookie (set if missing) and, on its body, a token derived from that session and the time
 * it was issued: `<issued, seconds, base 36>.<HMAC-SHA256(PUBLIC_FORM_SECRET, session id and issued)>`.
 * Public form API routes check the token sent in `X-SECURITY-TOKEN` against the visitor's own
 * cookie, so a token copied from another session, a forged one or none at all answers 403 before
 * the handler runs; so does one older than PUBLIC_FORM_TOKEN_HOURS (issue 29, item 8), with its own
 * message: reloading the page issues a new one, and the wizards keep the answers typed so far.
 * Nothing is stored: any instance sharing the secret can check any token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { SECURITY_TOKEN_HEADER } from '../../common/public-form';
import type { App } from '../app-type';
import type { Config } from '../config';
import { perAddressRateLimit } from './per-address-rate-limit';
import { AppError, ErrorCode } from '../errors';
import { readCookie } from '../pages/global-alert';

/** The visitor's public form session: random, HttpOnly, sent on same-site navigation (Lax). */
export const PUBLIC_FORM_SESSION_COOKIE = 'public-form-session';

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const MISSING_TOKEN_MESSAGE =
  'This form needs its security token. Reload the page and try again; if it keeps happening, make sure your browser accepts cookies from this site.';
export const FOREIGN_TOKEN_MESSAGE =
  'This form\'s security token does not belong to your browser session. Reload the page and try again.';
export const EXPIRED_TOKEN_MESSAGE =
  'This page has been open too long, so it can no longer send the form. Reload the page, then try again: the answers you have given so far are kept.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests from your connection. Wait a minute, then try again.';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preValidation of every public form API route: refuses a missing or foreign X-SECURITY-TOKEN
     * with 403 before the body is even validated, so a caller without the page says nothing else.
     */
    requirePublicFormToken: preValidationAsyncHookHandler;
  }
}

/** Seconds since 1970, the token's clock. */
function secondsOf(now: number): number {
  return Math.floor(now / 1000);
}

function tokenFor(secret: string, sessionId: string, issuedAt: number): string {
  const issued = issuedAt.toString(36);
  return `${issued}.${createHmac('sha256', secret).update(`public-form:${sessionId}:${issued}`).digest('base64url')}`;
}

const TOKEN_PATTERN = /^([0-9a-z]{1,10})\.[A-Za-z0-9_-]{43}$/;

function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = readCookie(request.headers.cookie, PUBLIC_FORM_SESSION_COOKIE);
  return value !== undefined && SESSION_ID_PATTERN.test(value) ? value : undefined;
}

/**
 * The token for the visitor of this page, setting the session cookie when the request has none
 * (or a malformed one). Call it while rendering a public form page.
 */
export function issuePublicFormToken(config: Config, request: FastifyRequest, reply: FastifyReply, now: number = Date.now()): string {
  let sessionId = sessionIdOf(request);
  if (sessionId === undefined) {
    sessionId = randomBytes(32).toString('base64url');
    const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
    // No Max-Age: the session ends with the browser's; the page issues a new one when reloaded.
    reply.header('set-cookie', `${PUBLIC_FORM_SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }
  return tokenFor(config.publicForms.secret, sessionId, secondsOf(now));
}

/**
 * Throws 403 unless the request's X-SECURITY-TOKEN is a token of its own session cookie, issued
 * less than PUBLIC_FORM_TOKEN_HOURS ago. Only a genuine token is told it has expired.
 */
export function checkPublicFormToken(config: Config, request: FastifyRequest, now: number = Date.now()): void {
  const sent = request.headers[SECURITY_TOKEN_HEADER.toLowerCase()];
  if (typeof sent !== 'string' || sent === '') {
    throw new AppError(ErrorCode.Forbidden, MISSING_TOKEN_MESSAGE);
  }
  const sessionId = sessionIdOf(request);
  const issued = TOKEN_PATTERN.exec(sent)?.[1];
  const issuedAt = issued === undefined ? Number.NaN : parseInt(issued, 36);
  const expected = Buffer.from(sessionId === undefined || Number.isNaN(issuedAt) ? '' : tokenFor(config.publicForms.secret, sessionId, issuedAt));
  const given = Buffer.from(sent);
  if (sessionId === undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(ErrorCode.Forbidden, FOREIGN_TOKEN_MESSAGE);
  }
  // A token from the future (a clock moved back) is as good as one issued now.
  if (secondsOf(now) - issuedAt > config.publicForms.tokenTtlSeconds) {
    throw new AppError(ErrorCode.Forbidden, EXPIRED_TOKEN_MESSAGE);
  }
}

/**
 * The per-client-address rate limit of a public form route (`config` of the route), answering 429
 * in the one error shape; no limit when PUBLIC_FORM_RATE_LIMIT is 0.
 */
export function publicFormRateLimit(config: Config): FastifyContextConfig {
  return perAddressRateLimit(config.publicForms.rateLimit, TOO_MANY_REQUESTS_MESSAGE);
}

/**
 * What every public form API route adds to its options: the token check and the rate limit.
 * `app.post(path, { ...publicFormRoute(app), schema }, handler)`.
 */
export function publicFormRoute(app: App): { preValidation: preValidationAsyncHookHandler; config: FastifyContextConfig } {
  return { preValidation: app.requirePublicFormToken, config: publicFormRateLimit(app.config) };
}

export function registerPublicFormToken(app: App): void {
  const { config } = app;
  app.decorate('requirePublicFormToken', async function requirePublicFormToken(request: FastifyRequest) {
    checkPublicFormToken(config, request);
  });
}
