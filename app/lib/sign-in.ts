/**
 * Signing in and out from a screen: the identity client (app/lib/auth.ts) loads when the visitor
 * asks, not with the page (app/lib/session.tsx says who is signed in without it).
 */
import type * as Auth from './auth';

/** The identity client's signIn (where to come back to, and what to tell the provider), loaded first. */
export async function signIn(...args: Parameters<typeof Auth.signIn>): Promise<void> {
  const auth = await import('./auth');
  await auth.signIn(...args);
}

export async function signOut(): Promise<void> {
  const auth = await import('./auth');
  await auth.signOut();
}
