/**
 * Test helpers for the public forms' security token: a test-only public form page and form post
 * (no area renders a public form page yet), and opening a page as a visitor to get its token.
 */
import type { LightMyRequestResponse } from 'fastify';
import { SECURITY_TOKEN_HEADER } from '../../common/public-form';
import type { App } from '../app-type';
import { buildTestApp, type TestContext } from '../test/harness';
import { PUBLIC_FORM_SESSION_COOKIE, publicFormRoute } from './public-form-token';

export const TEST_PUBLIC_FORM_PAGE = '/test/public-form';
export const TEST_PUBLIC_FORM_POST = '/api/v1/test/public-form';

/** What a visitor's browser holds after opening a public form page. */
export interface PublicFormVisitor {
  /** The `Cookie` header to send back. */
  cookie: string;
  token: string;
  /** Headers of a public form API call: the cookie and X-SECURITY-TOKEN. */
  headers: Record<string, string>;
}

/** The real app plus a public form page and a token-checked, rate-limited form post. */
export async function buildPublicFormTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  return buildTestApp(env, {
    beforeReady: (app) => {
      app.get(TEST_PUBLIC_FORM_PAGE, { schema: { hide: true } }, (_request, reply) =>
        reply.sendPage({ title: 'A public form', publicForm: true, children: <h1>A public form</h1> }),
      );
      app.post(TEST_PUBLIC_FORM_POST, { ...publicFormRoute(app), schema: { hide: true } }, () => ({ saved: true }));
    },
  });
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [header];
  const cookie = cookies.find((value) => value.startsWith(`${PUBLIC_FORM_SESSION_COOKIE}=`));
  return cookie?.split(';')[0];
}

export function bodyTokenOf(html: string): string | undefined {
  return /<body[^>]* data-security-token="([^"]+)"/.exec(html)?.[1];
}

/** Opens the test public form page as a new visitor (or with `cookie`, as a returning one). */
export async function openPublicForm(app: App, cookie?: string): Promise<PublicFormVisitor> {
  const response = await app.inject({ method: 'GET', url: TEST_PUBLIC_FORM_PAGE, headers: cookie === undefined ? {} : { cookie } });
  const sessionCookie = sessionCookieOf(response) ?? cookie;
  const token = bodyTokenOf(response.body);
  if (sessionCookie === undefined || token === undefined) {
    throw new Error(`the public form page gave no session cookie or token (status ${response.statusCode})`);
  }
  return { cookie: sessionCookie, token, headers: { cookie: sessionCookie, [SECURITY_TOKEN_HEADER]: token } };
}
