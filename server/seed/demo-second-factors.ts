/**
 * The demo team's second factors (issue 29: the team's pages need two-step verification), so Sam
 * Staff (staff@example.com) and Tama Team (team@example.com) can use them on first start:
 * - an authenticator app each, whose key is in the README, for a person trying the demo: add the key
 *   to any authenticator app, then enter the code it shows;
 * - a passkey each, whose private key only the automated checks hold (server/test/demo-passkey.ts),
 *   so the journeys and resilience tests sign in as the team without waiting for a new app code.
 * Nikau New (newstaff@example.com) has none yet, so the console's request to set one up shows.
 * Demo data only: nothing here is seeded outside SEED_DEMO, which production refuses.
 */
import type { Database } from '../db/client';
import { secondFactors } from '../db/schema/index';

/** Documented in the README: the demo team admin's authenticator app key (RFC 6238, base32). */
export const DEMO_TEAM_AUTHENTICATOR_KEY = 'R23LHEJLUFTZ5WKCOJPA2VDZUZNW3VQN';

/** The public half of the demo passkeys: one key pair (P-256, as COSE), a credential id per person. */
export const DEMO_PASSKEY_PUBLIC_KEY_HEX =
  'a5010203262001215820316876013ec0c7efcf09ac175c82c581e5811007989b93dee98fcdbc061672772258203a904997896616e19c2ad99acf974912422f25c5edb6744005af223a82bc2a84';

/** The demo team's passkey credential ids, by email. */
export const DEMO_TEAM_PASSKEYS: Readonly<Record<string, string>> = {
  'staff@example.com': 'Zi3DG43SBFsD_jVbEqfGHiN8kan51mt0b8BdlXaMuyo',
  'team@example.com': 'r-hPZs9RG7rE_VRwk6iRaconGmKJAlcOLyieTgtuyHc',
};

const DEMO_TEAM_ACCOUNTS: { accountId: string; email: string; ids: [string, string] }[] = [
  { accountId: 'demo-staff', email: 'staff@example.com', ids: ['6f1d5c1e-7a51-4d0e-9a43-0c5f3f7b2a10', '0b8e4f7a-3c2d-4e19-8f6a-5d7c9b1e2a34'] },
  { accountId: 'demo-team', email: 'team@example.com', ids: ['3a9c2e4d-1b7f-4c08-9e5a-6d2f8b0c4e17', '9d4b7e2a-5c1f-4a3e-8b6d-2e0f7c9a1b58'] },
];

export async function insertDemoSecondFactors(tx: Database): Promise<void> {
  await tx.insert(secondFactors).values(
    DEMO_TEAM_ACCOUNTS.flatMap(({ accountId, email, ids: [passkeyId, appId] }) => [
      {
        id: passkeyId,
        accountId,
        kind: 'passkey',
        name: 'Demo passkey (automated checks)',
        credentialId: DEMO_TEAM_PASSKEYS[email] ?? null,
        publicKey: Buffer.from(DEMO_PASSKEY_PUBLIC_KEY_HEX, 'hex'),
        signCount: 0,
        transports: ['internal'],
      },
      { id: appId, accountId, kind: 'authenticator-app', name: 'Demo authenticator app', totpSecret: DEMO_TEAM_AUTHENTICATOR_KEY },
    ]),
  );
}
