/**
 * Suspending a live listing or reinstating it, on the team's review of it (issue 30: a document
 * that expired, say). "Suspend listing" opens a step asking why (required: the supplier reads the
 * reasons as a message), which suspends it at once; a suspended listing offers "Reinstate listing",
 * confirmed first. The screen shows the outcome: a message once done, or the server's refusal (a
 * 409: someone else suspended or reinstated it first) with a way to load the listing as it is now.
 */
import '../styles/dialog.css';
import { useId, useRef, useState } from 'react';
import { LISTING_SUSPEND_REASON_MISSING, type TeamListing } from '../../common/api/team-listings';
import { formatDate } from '../../common/dates';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { saveProblemOf, type SaveProblem } from '../lib/use-save';
import { TeamListingReasonsForm } from './team-listing-reasons-form';
import { REINSTATE_FAILED_MESSAGE, SUSPEND_FAILED_MESSAGE, useReinstateListing, useSuspendListing } from './team-listings-api';

type Step = 'idle' | 'suspending' | 'confirm-reinstate';

export function TeamListingSuspension({
  listing,
  onStart,
  onDone,
  onProblem,
}: {
  listing: TeamListing;
  /** An action starts: the screen clears the last one's message and problem. */
  onStart: () => void;
  /** Done: what happened, for the screen's message. */
  onDone: (message: string) => void;
  /** The server refused (a 409) or could not be reached: the screen shows it. */
  onProblem: (problem: SaveProblem) => void;
}) {
  const suspension = useSuspendListing(listing.id);
  const reinstatement = useReinstateListing(listing.id);
  const [step, setStep] = useState<Step>('idle');
  const suspendButtonRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const fieldId = `${useId()}-reason`;
  const supplierName = listing.supplierTradingName;
  const serviceTitle = listing.service.title;

  if (!listing.isLive) {
    return null;
  }

  const suspend = (reason: string) => {
    onStart();
    suspension.save(
      { reason },
      {
        onSuccess: () => {
          setStep('idle');
          onDone(
            `${serviceTitle} from ${supplierName} is suspended: buyers cannot read it until it is reinstated. Your reasons were sent to ${supplierName} as a message, and they were emailed.`,
          );
        },
        onError: (error) => {
          const found = saveProblemOf(error, SUSPEND_FAILED_MESSAGE);
          if (found.kind === 'fields') {
            return; // shown by the field
          }
          suspension.reset();
          if (found.kind === 'conflict') {
            // What the step asked about has changed: the screen shows the listing as it is now.
            setStep('idle');
          }
          onProblem(found);
        },
      },
    );
  };

  const reinstate = () => {
    onStart();
    reinstatement.save(undefined, {
      onSuccess: () => {
        setStep('idle');
        onDone(`${serviceTitle} from ${supplierName} is reinstated: buyers can read it again. ${supplierName} was emailed.`);
      },
      onError: (error) => {
        // A conflict closes the dialog; other failures show in the dialog.
        const found = saveProblemOf(error, REINSTATE_FAILED_MESSAGE);
        if (found.kind === 'conflict') {
          setStep('idle');
          reinstatement.reset();
          onProblem(found);
        }
      },
    });
  };

  const reasonProblem = suspension.problem?.kind === 'fields' ? suspension.problem.errors.map((error) => error.message).join(' ') : null;
  const reinstateProblem = reinstatement.problem && reinstatement.problem.kind !== 'conflict' ? problemText(reinstatement.problem) : undefined;

  if (listing.suspendedAt !== null) {
    return (
      <section className="team-listing-review__suspension" aria-labelledby="listing-suspension-heading">
        <h2 id="listing-suspension-heading">Reinstate this listing</h2>
        <p>
          The listing was suspended on {formatDate(listing.suspendedAt)}: buyers cannot read it. Reinstating puts the published listing back in the directory at
          once.
        </p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setStep('confirm-reinstate')}>
            Reinstate listing
          </button>
        </div>
        {step === 'confirm-reinstate' && (
          <ConfirmDialog
            title={`Reinstate the listing of ${serviceTitle}?`}
            confirmLabel="Reinstate listing"
            cancelLabel="Cancel"
            isPending={reinstatement.isSaving}
            errorMessage={reinstateProblem}
            onConfirm={reinstate}
            onCancel={() => {
              setStep('idle');
              reinstatement.reset();
            }}
          >
            <p>Buyers can read the published listing in the directory again at once. {supplierName} is emailed that it is back.</p>
            {listing.expiredDocuments.length > 0 && <p>The published listing still has an expired document.</p>}
          </ConfirmDialog>
        )}
      </section>
    );
  }

  return (
    <section className="team-listing-review__suspension" aria-labelledby="listing-suspension-heading">
      <h2 id="listing-suspension-heading">Suspend this listing</h2>
      <p>
        Suspending takes the published listing out of the directory at once: buyers cannot read it until the team reinstates it. {supplierName} gets your reasons
        as a message and is emailed.
      </p>
      {step === 'suspending' ? (
        <TeamListingReasonsForm
          label="Why are you suspending this listing?"
          hint={`${supplierName} reads this as a message from the team, so say what they need to do for the listing to be reinstated.`}
          missingMessage={LISTING_SUSPEND_REASON_MISSING}
          submitLabel="Suspend listing"
          sendingLabel="Suspending…"
          isDestructive
          summaryHeadingLevel={3}
          fieldId={fieldId}
          isSending={suspension.isSaving}
          serverProblem={reasonProblem}
          onSend={suspend}
          onCancel={() => {
            suspension.reset();
            setStep('idle');
            focusAfterRender(suspendButtonRef);
          }}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button button--danger"
            ref={suspendButtonRef}
            onClick={() => {
              setStep('suspending');
              focusAfterRender(() => document.getElementById(fieldId));
            }}
          >
            Suspend listing
          </button>
        </div>
      )}
    </section>
  );
}

function problemText(problem: SaveProblem): string {
  return problem.kind === 'fields' ? problem.errors.map((error) => error.message).join(' ') : problem.message;
}
