/**
 * /users/two-step-verification (issue 29), for the active supplier's admins: whether everyone who
 * works for the supplier must sign in with two-step verification. Asking it of everyone takes an
 * admin who signed in with it, or they would shut themselves out: anyone else is shown how.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SECOND_FACTORS_PATH } from '../../common/site-paths';
import { useActiveSupplier } from '../lib/active-supplier';
import { ErrorSummary } from '../lib/components/error-summary';
import { Radios, YES_OR_NO } from '../lib/components/radios';
import { Screen } from '../lib/components/screen';
import type { FlashState } from '../lib/use-flash-message';
import { useCurrentUser } from '../lib/use-current-user';
import { useSetSecondFactorRequirement } from './supplier-users-api';
import { supplierUsersPaths } from './supplier-users-paths';

const REQUIREMENT_FIELD_ID = 'second-factor-required';

export function SecondFactorRequirementScreen() {
  const supplier = useActiveSupplier();
  const signedInWithSecondFactor = useCurrentUser().data?.signedInWithSecondFactor ?? false;
  return (
    <Screen title={`Two-step verification at ${supplier.tradingName}`}>
      <p>
        Two-step verification asks for a passkey or a code from an authenticator app after the password, so a stolen password alone cannot open{' '}
        {supplier.tradingName}’s dashboard. Each person can set it up for their own account. You can also ask it of everyone.
      </p>
      {signedInWithSecondFactor || supplier.requiresSecondFactor ? (
        <RequirementForm />
      ) : (
        <>
          <p className="notice">Before you ask everyone to use two-step verification, set it up for yourself and sign in again with it.</p>
          <p>
            <a className="button" href={SECOND_FACTORS_PATH}>
              Set up two-step verification
            </a>
          </p>
          <p>
            <Link to={supplierUsersPaths.supplierUsers()}>Back to users</Link>
          </p>
        </>
      )}
    </Screen>
  );
}

function RequirementForm() {
  const supplier = useActiveSupplier();
  const navigate = useNavigate();
  const setRequirement = useSetSecondFactorRequirement();
  const [required, setRequired] = useState<boolean>(supplier.requiresSecondFactor);
  const saveProblem = setRequirement.problem;
  const problem = saveProblem === null ? undefined : saveProblem.kind === 'fields' ? saveProblem.errors.map((error) => error.message).join(' ') : saveProblem.message;
  // Bumped on every refused save, so the summary takes focus even when the message is the same.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) {
      summaryRef.current?.focus();
    }
  }, [refusals]);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (setRequirement.isSaving) {
      return;
    }
    setRequirement.save(
      { required },
      {
        onSuccess: () => {
          const message = required
            ? `Everyone at ${supplier.tradingName} now needs two-step verification to open this dashboard.`
            : `Two-step verification is no longer required at ${supplier.tradingName}. Anyone who set it up still uses it.`;
          const state: FlashState = { message };
          void navigate(supplierUsersPaths.supplierUsers(), { state });
        },
        onError: () => {
          setRefusals((count) => count + 1);
        },
      },
    );
  }

  return (
    <form className="user-form" noValidate onSubmit={submit}>
      {problem !== undefined && <ErrorSummary ref={summaryRef} errors={[{ fieldId: REQUIREMENT_FIELD_ID, message: problem }]} />}
      <Radios
        id={REQUIREMENT_FIELD_ID}
        name="required"
        legend={`Should everyone who works for ${supplier.tradingName} use two-step verification?`}
        hint="If you choose yes, anyone who signs in with their password alone is asked to add a passkey or an authenticator app, and to sign in again with it, before they can open this dashboard."
        options={YES_OR_NO}
        value={required}
        error={problem}
        onChange={setRequired}
      />
      <div className="form-actions">
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
        <button type="submit" className="button" aria-disabled={setRequirement.isSaving || undefined}>
          {setRequirement.isSaving ? 'Please wait…' : 'Save'}
        </button>
        <Link to={supplierUsersPaths.supplierUsers()}>Cancel</Link>
      </div>
    </form>
  );
}
