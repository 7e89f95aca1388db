/** After a registration is submitted: its reference and what happens next. */
import { Navigate, useLocation } from 'react-router';
import { isRecord } from '../../common/is-record';
import { getPageData } from '../lib/page-data';
import { stepPath, useRegisterSettings } from './register-context';
import type { ConfirmationState } from './review-screen';

function readState(state: unknown): ConfirmationState | null {
  return isRecord(state) && typeof state.referenceId === 'string' && typeof state.email === 'string' ? { referenceId: state.referenceId, email: state.email } : null;
}

export function ConfirmationScreen({ productName }: { productName: string }) {
  const settings = useRegisterSettings();
  const state = readState(useLocation().state);
  if (!state) {
    // Opened directly, not after a submit: there is nothing to confirm.
    return <Navigate to={stepPath(settings, 0)} replace />;
  }
  return (
    <div className="register-step">
      <div className="register__confirmation">
        <h1>Registration submitted</h1>
        <p>
          Your reference is <strong className="register__reference">{state.referenceId}</strong>
        </p>
      </div>
      <h2>What happens next</h2>
      <p>
        We have emailed you to say we have your registration. The {productName} team aims to review it within{' '}
        {getPageData().reviewTargetDays} working days, and may contact your business to check some details.
      </p>
      <p>
        {state.email === '' ? 'We will email you' : <>We will email <strong>{state.email}</strong></>} when the team has decided. If your
        business is approved, the email has a link to create your account: you will be the admin of your business on the portal, and
        can then apply to list your services.
      </p>
      <p>Quote your reference if you contact the team about your registration.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
