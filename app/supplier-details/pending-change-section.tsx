/**
 * The change of legal name or business numbers waiting for the team's review (issue 29, item 4):
 * what was asked for, field by field, and that the directory and the public profile keep the
 * current details until the team approves it. An admin can withdraw it, after confirming.
 */
import { useRef, useState } from 'react';
import type { PendingSupplierChange } from '../../common/api/supplier-detail-changes';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { useWithdrawPendingChange } from './supplier-api';

export function PendingChangeSection({
  change,
  supplierId,
  isAdmin,
  onWithdrawn,
}: {
  change: PendingSupplierChange;
  supplierId: number;
  isAdmin: boolean;
  onWithdrawn: (message: string) => void;
}) {
  const withdrawal = useWithdrawPendingChange(supplierId);
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <section className="answers__section notice" aria-labelledby="pending-change-heading">
      <h2 id="pending-change-heading">Changes waiting for review</h2>
      <p>
        The marketplace team is checking this change. Until they approve it, the directory and your public profile show your current details. We
        will email you when they decide.
      </p>
      <dl className="answers__list">
        {change.fields.map((field) => (
          <div className="answers__row" key={field.field}>
            <dt>{field.label}</dt>
            <dd>
              {field.after ?? 'None'}
              <span className="list-table__detail">Now: {field.before ?? 'None'}</span>
            </dd>
          </div>
        ))}
        <div className="answers__row">
          <dt>Asked for</dt>
          <dd>
            {formatDateTime(change.requestedAt)}
            {change.requestedBy !== null && ` by ${change.requestedBy}`}
          </dd>
        </div>
      </dl>
      {isAdmin && (
        <p>
          <button type="button" className="button button--secondary" ref={buttonRef} onClick={() => setIsConfirming(true)}>
            Withdraw this change
          </button>
        </p>
      )}
      {isConfirming && (
        <ConfirmDialog
          title="Withdraw this change?"
          confirmLabel="Withdraw change"
          cancelLabel="Keep it waiting"
          isPending={withdrawal.isPending}
          errorMessage={error}
          onConfirm={() =>
            withdrawal.mutate(undefined, {
              onSuccess: () => {
                setIsConfirming(false);
                onWithdrawn('You withdrew the change. Your details stay as they were.');
              },
              onError: (failure) => setError(describeApiFailure(failure)),
            })
          }
          onCancel={() => {
            setError(undefined);
            setIsConfirming(false);
            buttonRef.current?.focus();
          }}
        >
          <p>The team will not review it. You can ask for a change again at any time.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
