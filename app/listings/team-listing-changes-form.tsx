/**
 * Asking the supplier for changes to a listing waiting for review: the team's reasons
 * (./team-listing-reasons-form.tsx), which reach the supplier as a message.
 */
import { LISTING_CHANGES_REASON_MISSING } from '../../common/api/team-listings';
import { TeamListingReasonsForm } from './team-listing-reasons-form';

export function TeamListingChangesForm({
  supplierName,
  isSending,
  serverProblem,
  onSend,
}: {
  supplierName: string;
  isSending: boolean;
  /** The server's refusal of the reasons (a 400), shown as the field's error. */
  serverProblem: string | null;
  /** The reasons, trimmed, once they are valid. */
  onSend: (reason: string) => void;
}) {
  return (
    <section className="team-listing-review__changes" aria-labelledby="listing-changes-form-heading">
      <h3 id="listing-changes-form-heading">Ask for changes</h3>
      <TeamListingReasonsForm
        label="What does the supplier need to change?"
        hint={`${supplierName} reads this as a message from the team and changes the listing before sending it again.`}
        missingMessage={LISTING_CHANGES_REASON_MISSING}
        submitLabel="Send the listing back"
        sendingLabel="Sending…"
        summaryHeadingLevel={4}
        isSending={isSending}
        serverProblem={serverProblem}
        onSend={onSend}
      />
    </section>
  );
}
