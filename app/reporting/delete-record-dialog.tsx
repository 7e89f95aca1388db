import { useState } from 'react';
import { describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { useDeleteRecord } from './reporting-api';
import type { ReportingKind } from './reporting-kinds';

/**
 * Asks before deleting a draft notice or report, naming it; deletes it on confirmation and then
 * calls `onDeleted` with the sentence to announce. A refusal (409: it was submitted meanwhile)
 * stays in the dialog, so the person reads it and cancels.
 */
export function DeleteRecordDialog({
  kind,
  record,
  onDeleted,
  onCancel,
}: {
  kind: ReportingKind;
  /** The draft, and how a sentence names it: "draft engagement notice ‘Student portal discovery’". */
  record: { id: number; description: string };
  onDeleted: (message: string) => void;
  onCancel: () => void;
}) {
  const deletion = useDeleteRecord(kind);
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmDialog
      title={`Delete the ${record.description}?`}
      confirmLabel={`Delete ${kind.noun}`}
      cancelLabel={`Keep ${kind.noun}`}
      isPending={deletion.isPending}
      errorMessage={error}
      onConfirm={() =>
        deletion.mutate(record.id, {
          onSuccess: () => onDeleted(`The ${record.description} was deleted.`),
          onError: (failure) => setError(describeApiFailure(failure)),
        })
      }
      onCancel={onCancel}
    >
      <p>Its answers will be lost. You can start a new {kind.noun} at any time.</p>
    </ConfirmDialog>
  );
}
