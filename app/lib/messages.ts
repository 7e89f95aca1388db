/** Texts of the spec that more than one app shows. */

/** Spec §2 Header: shown when the signed-in user has no active supplier. */
export const NOT_ATTACHED_MESSAGE =
  'Your account is not currently attached to an active supplier. Try log in again. If the issue persists, contact an administrator.';
