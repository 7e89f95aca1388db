import { useParams } from 'react-router';
import { Screen } from '../lib/components/screen';

/** /confirm/*: where the link in an invitation email lands; the rest of the path is its token. */
export function ConfirmAccountScreen() {
  const token = useParams()['*'] ?? '';
  return (
    <Screen title="Confirm your account">
      {token === '' ? (
        <p>
          This page confirms the account you were invited to. Open the link in your invitation email to come back here
          with it.
        </p>
      ) : (
        <p>This page confirms the account you were invited to, using the invitation link you followed from your email.</p>
      )}
    </Screen>
  );
}
