/**
 * Signing in and out from a screen: the identity client (app/lib/auth.ts) loads when the visitor
 * asks, not with the page (app/lib/session.tsx says who is signed in without it).
 */
import type { SignInOptions } from './auth';

export async function signIn(returnTo: string = window.location.href, options: SignInOptions = {}): Promise<void> {
  const auth = await import('./auth');
  await auth.signIn(returnTo, options);
}

export async function signOut(): Promise<void> {
  const auth = await import('./auth');
  await auth.signOut();
}
