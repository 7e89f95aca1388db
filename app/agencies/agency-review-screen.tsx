/**
 * /admin/agencies/{id}: one agency registration for the team: the agency, its contact, when it was
 * submitted, every answer by its question (the form version it was given on), and the decision:
 * approve (suppliers can then name it in engagement notices; its contact is emailed) or decline
 * with reasons (emailed). Once decided it says who decided and when; a 409 shows the server's
 * message with the registration as it now is.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import '../styles/review.css';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AGENCY_FORM_KEY } from '../../common/agency-form';
import type { TeamAgency } from '../../common/api/agencies';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DecisionPanel, DecisionRecordScreen } from '../lib/components/decision-panel';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { StatusTag } from '../lib/components/status-tag';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { useTeamForm } from '../lib/forms/use-team-form';
import { timeWaiting } from '../lib/time-waiting';
import { agencyReviewQueryKeys, approveAgency, declineAgency, rememberAgencyDecision, useAgencyForReview } from './agency-review-api';
import { agencyReviewPaths } from './agency-review-paths';
import { AGENCY_STATUS_LABELS, AGENCY_STATUS_TONES } from './agency-review-statuses';

/** The API's limit on the reasons (common/api/agencies.ts DeclineAgencyRequestSchema). */
export const AGENCY_DECLINE_REASONS_MAX_LENGTH = 5000;

function contactOf(agency: TeamAgency): string {
  const name = agency.answers.contact_name;
  return typeof name === 'string' && name.trim() !== '' ? `${name} (${agency.contactEmail})` : agency.contactEmail;
}

export function AgencyReviewScreen() {
  const id = useRecordIdParam();
  const agency = useAgencyForReview(id);
  return (
    <DecisionRecordScreen
      kind="Agency registration"
      record={agency}
      isValidId={id > 0}
      notFound={
        <>
          <p>There is no such agency registration. The link may be wrong, or the agency has not sent its registration yet.</p>
          <p>
            <Link to={agencyReviewPaths.agencies()}>Go to the agency registrations</Link>
          </p>
        </>
      }
      loadingLabel="Loading the agency registration…"
      loadFailedMessage="We could not load this agency registration."
      titleOf={(loaded) => loaded.name}
    >
      {(loaded, outcome) => (
        <AgencyReview
          agency={loaded}
          onDecided={(decided, decision) =>
            outcome.decided(
              decision === 'approved'
                ? `You approved the registration of ${decided.name}. We have emailed ${decided.contactEmail} to say so.`
                : `You declined the registration of ${decided.name}. We have emailed your reasons to ${decided.contactEmail}.`,
            )
          }
          onConflict={outcome.conflicted}
        />
      )}
    </DecisionRecordScreen>
  );
}

function AgencyReview({
  agency,
  onDecided,
  onConflict,
}: {
  agency: TeamAgency;
  onDecided: (agency: TeamAgency, decision: 'approved' | 'declined') => void;
  onConflict: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const contact = contactOf(agency);
  const isWaiting = agency.status === 'submitted';
  return (
    <>
      <dl className="answers__list facts-list">
        <Fact term="Status">
          <StatusTag tone={AGENCY_STATUS_TONES[agency.status]}>{AGENCY_STATUS_LABELS[agency.status]}</StatusTag>
        </Fact>
        <Fact term="Reference">{agency.reference}</Fact>
        <Fact term="Contact">
          <span className="review-email">{contact}</span>
        </Fact>
        <Fact term="Submitted">{formatDateTime(agency.submittedAt)}</Fact>
        {isWaiting && <Fact term="Waiting">{timeWaiting(agency.submittedAt)}</Fact>}
        {!isWaiting && (
          <Fact term={agency.status === 'approved' ? 'Approved' : 'Declined'}>
            {agency.decidedAt === null ? 'Date not recorded' : formatDateTime(agency.decidedAt)}
            {agency.decidedBy !== null && ` by ${agency.decidedBy}`}
          </Fact>
        )}
        {agency.status === 'declined' && agency.declineReasons !== null && (
          <Fact term="Reasons given">
            <span className="review-reasons">{agency.declineReasons}</span>
          </Fact>
        )}
      </dl>
      {agency.status === 'approved' && <p className="notice">Suppliers can now name {agency.name} in their engagement notices.</p>}
      <AgencyAnswers agency={agency} />
      {isWaiting && (
        <DecisionPanel
          noun="agency registration"
          name={agency.name}
          reasonsRecipient={contact}
          reasonsMaxLength={AGENCY_DECLINE_REASONS_MAX_LENGTH}
          approveConsequence={
            <p>
              Suppliers will be able to name {agency.name} in their engagement notices. We will email {contact} to say so, with an invitation to be the
              agency’s first administrator on its dashboard. It cannot be undone.
            </p>
          }
          approve={() => approveAgency(agency.id)}
          decline={(reasons) => declineAgency(agency.id, reasons)}
          onDecided={(decided, decision) => {
            rememberAgencyDecision(queryClient, decided);
            onDecided(decided, decision);
          }}
          onConflict={(message) => {
            void queryClient.invalidateQueries({ queryKey: [...agencyReviewQueryKeys.all, 'list'] });
            onConflict(message);
          }}
        />
      )}
      <p>
        <Link to={agencyReviewPaths.agencies()}>Back to the agency registrations</Link>
      </p>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="answers__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AgencyAnswers({ agency }: { agency: TeamAgency }) {
  const form = useTeamForm(AGENCY_FORM_KEY, agency.formVersion);
  let answers: ReactNode;
  if (form.isError) {
    answers = (
      <ErrorState
        message={`We could not load the agency form's questions, so its answers cannot be shown. ${describeApiFailure(form.error)}`}
        onRetry={() => void form.refetch()}
      />
    );
  } else if (form.isPending) {
    answers = <LoadingState label="Loading the answers…" />;
  } else {
    answers = <AnswersSummary steps={form.data.steps} answers={agency.answers} headingLevel={3} />;
  }
  return (
    <section aria-labelledby="agency-answers">
      <h2 id="agency-answers">The registration&apos;s answers</h2>
      {answers}
    </section>
  );
}
