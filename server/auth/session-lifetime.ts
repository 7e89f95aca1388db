/** A sign-in lasts a working day; refresh tokens end with it (they expire with the session). */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
