/**
 * The private half of the demo team's passkeys (server/seed/demo-second-factors.ts), for the
 * automated checks that sign in as the team: the resilience tests through a software passkey, the
 * browser journeys through Chromium's virtual authenticator. Demo data only.
 */
import { DEMO_TEAM_PASSKEYS } from '../seed/demo-second-factors';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './software-authenticator';

export const DEMO_TEAM_PASSKEY_PRIVATE_KEY =
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXZzqVWk9AWlAFeI+Yovp+vLTbQm/FqFuax4hMpXuUBqhRANCAAQxaHYBPsDH788JrBdcgsWB5YEQB5ibk97pj828BhZydzqQSZeJZhbhnCrZms+XSRJCLyXF7bZ0QAWvIjqCvCqE';

/**
 * The passkey's signature counter must go forward between sign-ins, and each check makes its own
 * copy: start each copy from the time (a hundredth of a second since 2026), which only grows.
 */
export function demoPasskeyCounter(): number {
  return Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 10);
}

/** The passkey of a demo team member (staff@example.com or team@example.com). */
export function createDemoTeamPasskey(email = 'staff@example.com'): SoftwareAuthenticator {
  const credentialId = DEMO_TEAM_PASSKEYS[email];
  if (!credentialId) {
    throw new Error(`${email} has no demo passkey`);
  }
  return createSoftwareAuthenticator({ privateKey: DEMO_TEAM_PASSKEY_PRIVATE_KEY, credentialId, counter: demoPasskeyCounter() });
}
