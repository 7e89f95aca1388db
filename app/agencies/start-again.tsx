/** 'Start again' (form reset, spec §4): asks first, then clears the submission and local storage. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { agencyPaths } from '../../common/agency-form';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { useSubmission } from './submission-store';

export function StartAgain({ to = agencyPaths.step(1) }: { to?: string }) {
  const [isAsking, setIsAsking] = useState(false);
  const { resetSubmission } = useSubmission();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setIsAsking(true)}>
        Start again
      </button>
      {isAsking && (
        <ConfirmDialog
          title="Start again?"
          confirmLabel="Yes, clear my answers"
          cancelLabel="No, keep my answers"
          isPending={false}
          onCancel={() => setIsAsking(false)}
          onConfirm={() => {
            resetSubmission();
            setIsAsking(false);
            void navigate(to);
          }}
        >
          <p>This clears your answers from this browser, and you start the form from the beginning. A link we emailed you still opens the answers you saved.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
