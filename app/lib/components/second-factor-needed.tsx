/**
 * What a person signed in with a password alone sees where two-step verification is required (the
 * team's console; a supplier whose admins ask it of everyone): why, how to set it up, and how to
 * sign in again with it.
 */
import type { ReactNode } from 'react';
import { SECOND_FACTORS_PATH } from '../../../common/site-paths';
import { signOut } from '../sign-in';
import { Screen } from './screen';

export function SecondFactorNeeded({ title, children }: { title: string; /** Why this place asks for it. */ children: ReactNode }) {
  return (
    <Screen title={title}>
      {children}
      <h2>If you have not set up two-step verification</h2>
      <p>Add a passkey or an authenticator app to your account. It takes a few minutes.</p>
      <p>
        <a className="button" href={SECOND_FACTORS_PATH}>
          Set up two-step verification
        </a>
      </p>
      <h2>If you have set it up</h2>
      <p>Sign out, then sign in again: after your password, signing in will ask for your passkey or code.</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </p>
    </Screen>
  );
}
