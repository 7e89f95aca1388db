/**
 * Suspending or reinstating one supplier: the reason (required, a GOV.UK error summary and the error
 * by the field), then a confirmation naming the supplier and what will happen. A 409 (someone else
 * changed its status first) closes the dialog and hands the server's message to the screen, which
 * shows it with the supplier as it now is; any other failure stays in the dialog.
 */
import '../styles/form-widgets.css';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { SUSPENSION_REASON_MAX_LENGTH, type TeamSupplier } from '../../common/api/team-suppliers';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { saveProblemOf, useSave } from '../lib/use-save';
import { changeSupplierStatus, rememberStatusChange } from './supplier-management-api';
import {
  availableStatusChange,
  statusAfterReinstating,
  statusChangeConsequence,
  statusChangeReasonProblem,
  SUPPLIER_STATUS_LABELS,
  type SupplierStatusChange,
} from './supplier-management-params';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

export const STATUS_CHANGE_FAILED_MESSAGE = 'The change was not saved. Check your connection and try again.';

const WORDS: Record<SupplierStatusChange, { heading: string; question: string; button: string; verb: string }> = {
  suspend: { heading: 'Suspend this supplier', question: 'Why are you suspending this supplier?', button: 'Suspend supplier', verb: 'Suspend' },
  reinstate: { heading: 'Reinstate this supplier', question: 'Why are you reinstating this supplier?', button: 'Reinstate supplier', verb: 'Reinstate' },
};

export function SupplierStatusPanel({
  supplier,
  onChanged,
  onConflict,
}: {
  supplier: TeamSupplier;
  /** Saved: the supplier as it now is. */
  onChanged: (supplier: TeamSupplier, change: SupplierStatusChange) => void;
  /** A 409: the server's message; the screen shows it and loads the supplier afresh. */
  onConflict: (message: string) => void;
}) {
  const change = availableStatusChange(supplier);
  const words = WORDS[change];
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [isConfirming, setIsConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const reasonId = `${ids}-reason`;
  const hintId = `${ids}-reason-hint`;
  const errorId = `${ids}-reason-error`;

  const saving = useSave<TeamSupplier, string>({
    mutationFn: (text) => changeSupplierStatus(supplier.id, change, text),
    failedMessage: STATUS_CHANGE_FAILED_MESSAGE,
  });

  const closeDialog = () => {
    setDialogError(undefined);
    saving.reset();
    setIsConfirming(false);
  };

  const failed = (error: unknown) => {
    const problem = saveProblemOf(error, STATUS_CHANGE_FAILED_MESSAGE);
    if (problem.kind === 'conflict') {
      closeDialog();
      setReason('');
      onConflict(problem.message);
    } else if (problem.kind === 'fields') {
      // The server refused the reason: back to the form, the problem by the field.
      closeDialog();
      setReasonError(problem.errors[0]?.message ?? STATUS_CHANGE_FAILED_MESSAGE);
      focusAfterRender(summaryRef);
    } else {
      setDialogError(problem.message);
    }
  };

  const confirm = () => {
    setDialogError(undefined);
    saving.save(reason.trim(), {
      onSuccess: (changed) => {
        setIsConfirming(false);
        setReason('');
        rememberStatusChange(queryClient, changed);
        onChanged(changed, change);
      },
      onError: failed,
    });
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = statusChangeReasonProblem(reason, change);
    setReasonError(problem);
    if (problem !== undefined) {
      // The summary takes focus itself when its errors change; again on a repeated submit.
      focusAfterRender(summaryRef);
      return;
    }
    setIsConfirming(true);
  };

  const summary: SummaryError[] = reasonError ? [{ fieldId: reasonId, message: reasonError }] : [];

  return (
    <section className="decision-panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{words.heading}</h2>
      {change === 'suspend' ? (
        <p>
          A suspended supplier disappears from the directory and its CSV at once, and its users cannot use the dashboard until the team
          reinstates it.
        </p>
      ) : (
        <p>
          Reinstating returns {supplier.tradingName} to the status it had before it was suspended:{' '}
          {SUPPLIER_STATUS_LABELS[statusAfterReinstating(supplier)].toLowerCase()}.
        </p>
      )}
      <ErrorSummary errors={summary} ref={summaryRef} />
      <form noValidate onSubmit={submit}>
        <div className={`form-field${reasonError ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={reasonId}>
            {words.question}
          </label>
          <p className="form-field__hint" id={hintId}>
            Your reason is kept in the audit log with your name. You can enter up to {SUSPENSION_REASON_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </p>
          {reasonError && (
            <p className="form-field__error" id={errorId}>
              <span className="visually-hidden">Error: </span>
              {reasonError}
            </p>
          )}
          <textarea
            className="form-field__input"
            id={reasonId}
            rows={4}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-describedby={reasonError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={reasonError ? true : undefined}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className={change === 'suspend' ? 'button button--danger' : 'button'}>
            {words.button}
          </button>
        </div>
      </form>
      {isConfirming && (
        <ConfirmDialog
          title={`${words.verb} ${supplier.tradingName}?`}
          confirmLabel={words.button}
          cancelLabel="Go back"
          isPending={saving.isSaving}
          errorMessage={dialogError}
          onConfirm={confirm}
          onCancel={closeDialog}
        >
          <p>{statusChangeConsequence(supplier, change)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
