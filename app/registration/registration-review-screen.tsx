/**
 * /admin/registrations/{id}: one supplier registration for the team: who registered which business
 * and when, every answer by its question (the form version it was given on), the financial
 * statement to download, and the decision: approve (the supplier is created and the registrant
 * invited as its administrator) or decline with reasons (emailed). Once decided it says who decided
 * and when; a 409 shows the server's message with the registration as it now is.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import '../styles/review.css';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REGISTRATION_DECLINE_REASONS_MAX_LENGTH, type TeamRegistration } from '../../common/api/registration';
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
import { useChannels } from '../applications/public';
import { businessNumbers } from '../../common/business-numbers';
import { withCatalogueTitles } from './catalogue-titles';
import { approveRegistration, declineRegistration, rememberDecision, registrationReviewQueryKeys, useRegistrationForReview } from './registration-review-api';
import { registrationReviewPaths } from './registration-review-paths';
import { REGISTRATION_STATUS_LABELS, REGISTRATION_STATUS_TONES } from './registration-statuses';
import { StoredFileDownload } from './stored-file-download';

export function RegistrationReviewScreen() {
  const id = useRecordIdParam();
  const registration = useRegistrationForReview(id);
  return (
    <DecisionRecordScreen
      kind="Supplier registration"
      record={registration}
      isValidId={id > 0}
      notFound={
        <>
          <p>There is no such supplier registration. The link may be wrong.</p>
          <p>
            <Link to={registrationReviewPaths.registrations()}>Go to the supplier registrations</Link>
          </p>
        </>
      }
      loadingLabel="Loading the registration…"
      loadFailedMessage="We could not load this registration."
      titleOf={(loaded) => loaded.tradingName}
    >
      {(loaded, outcome) => (
        <RegistrationReview
          registration={loaded}
          onDecided={(decided, decision) =>
            outcome.decided(
              decision === 'approved'
                ? `You approved the registration of ${decided.tradingName}. We have emailed ${decided.registrantName} an invitation to be its administrator.`
                : `You declined the registration of ${decided.tradingName}. We have emailed your reasons to ${decided.registrantName}.`,
            )
          }
          onConflict={outcome.conflicted}
        />
      )}
    </DecisionRecordScreen>
  );
}

function RegistrationReview({
  registration,
  onDecided,
  onConflict,
}: {
  registration: TeamRegistration;
  onDecided: (registration: TeamRegistration, decision: 'approved' | 'declined') => void;
  onConflict: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const registrant = `${registration.registrantName} (${registration.registrantEmail})`;
  const isWaiting = registration.status === 'pending';
  return (
    <>
      <dl className="answers__list facts-list">
        <Fact term="Status">
          <StatusTag tone={REGISTRATION_STATUS_TONES[registration.status]}>{REGISTRATION_STATUS_LABELS[registration.status]}</StatusTag>
        </Fact>
        <Fact term="Reference">{registration.referenceId}</Fact>
        <Fact term="Business number">
          <ul className="plain-list">
            {businessNumbers(registration).map((number) => (
              <li key={number}>{number}</li>
            ))}
          </ul>
        </Fact>
        <Fact term="Registered by">
          {registration.registrantName}
          <span className="list-table__detail review-email">{registration.registrantEmail}</span>
        </Fact>
        <Fact term="Submitted">{formatDateTime(registration.submittedAt)}</Fact>
        {isWaiting && <Fact term="Waiting">{timeWaiting(registration.submittedAt)}</Fact>}
        {!isWaiting && (
          <Fact term={registration.status === 'approved' ? 'Approved' : 'Declined'}>
            {registration.decidedAt === null ? 'Date not recorded' : formatDateTime(registration.decidedAt)}
            {registration.decidedBy !== null && ` by ${registration.decidedBy}`}
          </Fact>
        )}
        {registration.status === 'declined' && registration.declineReasons !== null && (
          <Fact term="Reasons given">
            <span className="review-reasons">{registration.declineReasons}</span>
          </Fact>
        )}
      </dl>
      {registration.status === 'approved' && (
        <p className="notice">
          {registration.tradingName} is now a supplier (an applicant until its first application is published). {registrant} was invited by
          email to be its administrator.
        </p>
      )}
      <RegistrationAnswers registration={registration} />
      {isWaiting && (
        <DecisionPanel
          noun="registration"
          name={registration.tradingName}
          reasonsRecipient={registrant}
          reasonsMaxLength={REGISTRATION_DECLINE_REASONS_MAX_LENGTH}
          approveConsequence={
            <p>
              This creates {registration.tradingName} as a supplier and invites {registrant} by email to be its administrator. It cannot be undone.
            </p>
          }
          approve={() => approveRegistration(registration.id)}
          decline={(reasons) => declineRegistration(registration.id, reasons)}
          onDecided={(decided, decision) => {
            rememberDecision(queryClient, decided);
            onDecided(decided, decision);
          }}
          onConflict={(message) => {
            void queryClient.invalidateQueries({ queryKey: [...registrationReviewQueryKeys.all, 'list'] });
            onConflict(message);
          }}
        />
      )}
      <p>
        <Link to={registrationReviewPaths.registrations()}>Back to the supplier registrations</Link>
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

/** The answers by their questions, in the form version they were given on, and the financial statement. */
function RegistrationAnswers({ registration }: { registration: TeamRegistration }) {
  const form = useTeamForm(registration.form.key, registration.form.version);
  const channels = useChannels();
  const statement = registration.answers.financial_statement;
  let answers: ReactNode;
  if (form.isError || channels.isError) {
    answers = (
      <ErrorState
        message={`We could not load the registration form's questions, so its answers cannot be shown. ${describeApiFailure(form.error ?? channels.error)}`}
        onRetry={() => {
          void form.refetch();
          void channels.refetch();
        }}
      />
    );
  } else if (form.isPending || channels.isPending) {
    answers = <LoadingState label="Loading the answers…" />;
  } else {
    const given = withCatalogueTitles(registration.answers, channels.data);
    answers = (
      <AnswersSummary
        steps={form.data.steps}
        answers={given}
        headingLevel={3}
        fileName={(fileId) => (fileId === statement ? 'Uploaded: download it below' : undefined)}
      />
    );
  }
  return (
    <>
      <section aria-labelledby="registration-answers">
        <h2 id="registration-answers">The registration&apos;s answers</h2>
        {answers}
      </section>
      <section aria-labelledby="registration-statement">
        <h2 id="registration-statement">Financial statement</h2>
        {typeof statement === 'string' && statement !== '' ? (
          <StoredFileDownload fileId={statement} label="Financial statement" />
        ) : (
          <p>No financial statement was uploaded with this registration.</p>
        )}
      </section>
    </>
  );
}
