/**
 * The confirmation page of 'Your account' before a change that cannot be undone (signing a device
 * out, removing an authenticator app, new recovery codes): what will happen, a red button, a way back.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Screen } from '../lib/components/screen';

export function ConfirmScreen({
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelTo,
  isPending,
  failure,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The page the person came from. */
  cancelTo: string;
  isPending: boolean;
  failure: string | undefined;
  onConfirm: () => void;
}) {
  return (
    <Screen title={title}>
      {failure !== undefined && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      {children}
      <div className="sessions-screen__actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={isPending}>
          {isPending ? pendingLabel : confirmLabel}
        </button>
        <Link to={cancelTo}>Cancel</Link>
      </div>
    </Screen>
  );
}
