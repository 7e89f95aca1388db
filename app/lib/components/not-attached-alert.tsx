import { NOT_ATTACHED_MESSAGE } from '../messages';

/** Spec §2: the user is signed in but no supplier is active. */
export function NotAttachedAlert() {
  return (
    <p className="alert alert--error" role="alert">
      {NOT_ATTACHED_MESSAGE}
    </p>
  );
}
