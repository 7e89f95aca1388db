/**
 * 'Your account' → 'Where you are signed in' (the user app's /user/sessions): the signed-in person's
 * own sign-ins on the embedded identity provider, and ending one of them or all the others.
 * GET /api/v1/account/sessions, DELETE /api/v1/account/sessions/{sessionID},
 * POST /api/v1/account/sessions/end-others. One definition for the server and the app.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';

/** A sign-in's reference: derived from the provider's session, never the session itself. */
export const SESSION_REFERENCE_PATTERN = '^[A-Za-z0-9_-]{22}$';

export const SignInSessionSchema = Type.Object({
  id: Type.String({ pattern: SESSION_REFERENCE_PATTERN }),
  /** The browser and device in plain words, from its user agent ("Firefox on Windows"). */
  device: Type.String(),
  /** The internet address it signed in from; null when it was not recorded. */
  address: Type.Union([Type.String(), Type.Null()]),
  signedInAt: Type.String({ format: 'date-time' }),
  /** When it last called the portal (recorded about once a minute). */
  lastUsedAt: Type.String({ format: 'date-time' }),
  /** The sign-in that made this request. */
  isThisDevice: Type.Boolean(),
});
export type SignInSession = Static<typeof SignInSessionSchema>;

export const SignInSessionsResponseSchema = Type.Object({
  /** False with an external issuer: the portal cannot see or end that issuer's sessions. */
  isManagedHere: Type.Boolean(),
  /** This device first, then the most recently used. */
  sessions: Type.Array(SignInSessionSchema),
});
export type SignInSessionsResponse = Static<typeof SignInSessionsResponseSchema>;

export const SignInSessionParamsSchema = Type.Object({
  sessionID: Type.String({ pattern: SESSION_REFERENCE_PATTERN }),
});

export const EndSessionsResponseSchema = Type.Object({
  /** How many sign-ins were ended. */
  endedSessions: Type.Integer({ minimum: 0 }),
});
export type EndSessionsResponse = Static<typeof EndSessionsResponseSchema>;

/** Where a signed-in person sees their sign-ins (the user app). */
export const SIGN_IN_SESSIONS_PATH = '/user/sessions';

export const SESSION_NOT_FOUND_MESSAGE = 'That sign-in has already ended, or it is not yours. Go back to the list of places you are signed in.';
export const SESSIONS_MANAGED_ELSEWHERE_MESSAGE =
  'You sign in through your organisation’s sign-in service, so this site cannot list or end the places you are signed in there. ' +
  'Sign out here to end this one, and use your organisation’s account settings to see and end the others.';
