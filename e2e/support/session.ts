/** Signing in as a demo account through the real sign-in page, from wherever a journey is. */
import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SUPPLIER_HEADER } from '../../common/constants';
import { DEMO_TEAM_PASSKEYS } from '../../server/seed/demo-second-factors';
import { DEMO_TEAM_PASSKEY_PRIVATE_KEY, demoPasskeyCounter } from '../../server/test/demo-passkey';
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
 * The demo agency's admin (issue 31): Ministry for Regional Development. Not one of `demo`, whose
 * every account e2e/small-screens.e2e.ts walks through the supplier dashboard's first minute.
 */
export const demoBuyer: DemoAccount = { email: 'buyer@example.com', name: 'Bailey Buyer', initials: 'BB' };

/** Chromium's virtual authenticator on the page: a platform passkey that verifies the person without asking. */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/**
 * The sign-in's second step of a demo team member, who has a passkey (the team's pages need a second
 * factor): the page gets Chromium's virtual authenticator holding that passkey, as a person's
 * computer would hold it, and the passkey is used. Its counter starts from the time, so it always
 * goes forward.
 */
export async function signInWithDemoTeamPasskey(page: Page, email: string = demo.teamMember.email): Promise<void> {
  const credentialId = DEMO_TEAM_PASSKEYS[email];
  if (!credentialId) {
    throw new Error(`${email} has no demo passkey`);
  }
  await page.getByRole('heading', { level: 1, name: 'Use your passkey' }).waitFor();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: Buffer.from(credentialId, 'base64url').toString('base64'),
      isResidentCredential: false,
      rpId: new URL(page.url()).hostname,
      privateKey: DEMO_TEAM_PASSKEY_PRIVATE_KEY,
      signCount: demoPasskeyCounter(),
    },
  });
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  // The passkey refused is a failed sign-in, said at once, not a wait that runs out.
  const refusal = page.getByRole('alert');
  await Promise.race([page.waitForURL((url) => !url.pathname.startsWith('/interaction'), { timeout: 30_000 }), refusal.waitFor({ timeout: 30_000 })]);
  if (new URL(page.url()).pathname.startsWith('/interaction')) {
    throw new Error(`the demo passkey was refused: ${await refusal.innerText()}`);
  }
}

/** After the password: the demo team's second step with their passkey; nothing for anyone else. */
export async function secondStepIfDemoTeam(page: Page, email: string): Promise<void> {
  if (email in DEMO_TEAM_PASSKEYS) {
    await signInWithDemoTeamPasskey(page, email);
  }
}

/**
 * Opens `path` (a page that requires sign-in), signs in on the provider's page, waits to be back.
 * The demo password unless `password` is given (a person the journey created); the demo team also
 * use their passkeys.
 */
export async function signInAt(page: Page, path: string, account: Pick<DemoAccount, 'email' | 'name'>, password?: string): Promise<Header> {
  await page.goto(path);
  const login = await LoginPage.verifyOnPage(page);
  await login.signIn(account.email, password);
  await secondStepIfDemoTeam(page, account.email);
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
