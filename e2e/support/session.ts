/** Signing in as a demo account through the real sign-in page, from wherever a journey is. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SUPPLIER_HEADER } from '../../common/constants';
import { LoginPage } from '../pages/login-page';
import { Header } from '../pages/header';

export interface DemoAccount {
  email: string;
  name: string;
  initials: string;
}

export const demo = {
  admin: { email: 'admin@example.com', name: 'Alex Admin', initials: 'AA' },
  member: { email: 'member@example.com', name: 'Morgan Member', initials: 'MM' },
  nobody: { email: 'nobody@example.com', name: 'Nadia Nobody', initials: 'NN' },
  teamMember: { email: 'staff@example.com', name: 'Sam Staff', initials: 'SS' },
} satisfies Record<string, DemoAccount>;

/**
 * Opens `path` (a page that requires sign-in), signs in on the provider's page, waits to be back.
 * The demo password unless `password` is given (a person the journey created).
 */
export async function signInAt(page: Page, path: string, account: Pick<DemoAccount, 'email' | 'name'>, password?: string): Promise<Header> {
  await page.goto(path);
  const login = await LoginPage.verifyOnPage(page);
  await login.signIn(account.email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/interaction') && !url.pathname.startsWith('/auth/'));
  const header = new Header(page);
  await header.waitForUser(account.name);
  return header;
}

/** The access token the app keeps for the signed-in user (oidc-client-ts, local storage `oidc.user:*`). */
export async function storedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith('oidc.user:')) {
        const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
        if (typeof stored === 'object' && stored !== null && 'access_token' in stored && typeof stored.access_token === 'string') {
          return stored.access_token;
        }
      }
    }
    return null;
  });
  expect(token, 'an access token in local storage').toEqual(expect.any(String));
  return token ?? '';
}

/** The headers of the signed-in person's own API calls, as the dashboard sends them: their token and active supplier. */
export async function supplierApiHeaders(page: Page): Promise<Record<string, string>> {
  const token = await storedAccessToken(page);
  const response = await page.request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } });
  const user = (await response.json()) as { activeSupplier?: { supplierID: number } | null };
  return { Authorization: `Bearer ${token}`, [SUPPLIER_HEADER]: String(user.activeSupplier?.supplierID ?? 0) };
}
