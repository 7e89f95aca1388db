/**
 * The team app's review of one application (/admin/applications/{id}): every answer and file beside
 * the supplier's details; a decision on each requested service, saved one at a time; and the moves
 * the transition table allows from the current stage (common/application-stages.ts), each confirmed
 * first, Declined with the reasons the supplier is sent as a message. A 409 (someone else moved or
 * decided first) shows the server's message and loads the application as it is now.
 */
import '../styles/answers.css';
import '../styles/applications.css';
import '../styles/form-widgets.css';
import '../styles/lists.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SERVICE_DECLINE_REASON_MAX_LENGTH, type TeamApplication, type TeamApplicant } from '../../common/api/team-applications';
import type { ServiceWithStatus } from '../../common/api/applications';
import {
  applicationStatusLabel,
  applicationStatusTone,
  areServicesDecidable,
  teamMovesFrom,
  type ApplicationStageCode,
} from '../../common/application-stages';
import { formatDate, formatDateTime } from '../../common/dates';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { Screen } from '../lib/components/screen';
import { StatusTag } from '../lib/components/status-tag';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { saveProblemOf, type SaveProblem } from '../lib/use-save';
import { AttachmentDownload, ThreadStatusTag } from '../threads/public';
import { teamInboxPaths } from '../threads/team-inbox-paths';
import { timeWaiting } from '../lib/time-waiting';
import { useApplicationForReview, useDecideService, useMoveApplication, type ServiceDecision } from './application-review-api';
import { applicationReviewPaths } from './application-review-paths';
import { DeclineApplicationForm } from './decline-application-form';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

const TITLE = 'Application review';

export const SERVICE_DECISION_LABELS: Record<ServiceWithStatus['status'], string> = {
  requested: 'Not decided yet',
  granted: 'Granted',
  declined: 'Declined',
};

const SERVICE_DECISION_TONES = { requested: 'waiting', granted: 'done', declined: 'refused' } as const;

const SUPPLIER_STATUS_LABELS: Record<TeamApplicant['status'], string> = {
  applicant: 'Applicant (not yet approved)',
  approved: 'Approved supplier',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

export function ApplicationReviewScreen() {
  const { id = '' } = useParams();
  const isId = /^[1-9][0-9]{0,9}$/.test(id);
  const application = useApplicationForReview(isId ? Number(id) : 0);
  if (!isId || (application.error instanceof ApiError && application.error.status === 404)) {
    return (
      <Screen title={TITLE}>
        <p>There is no submitted application at this address. It may have been deleted while it was a draft, or the address may be mistyped.</p>
        <p>
          <Link to={applicationReviewPaths.queue()}>Go to the applications</Link>
        </p>
      </Screen>
    );
  }
  if (application.isError) {
    return (
      <Screen title={TITLE}>
        <ErrorState message={`We could not load this application. ${describeApiFailure(application.error)}`} onRetry={() => void application.refetch()} />
      </Screen>
    );
  }
  if (application.isPending) {
    return (
      <Screen title={TITLE}>
        <LoadingState label="Loading the application…" />
      </Screen>
    );
  }
  return <Review application={application.data} onReload={() => application.refetch()} />;
}

/** What a confirmed move is about to do. */
interface PendingMove {
  to: Exclude<ApplicationStageCode, 'submitted'>;
  reason?: string;
}

function Review({ application, onReload }: { application: TeamApplication; onReload: () => Promise<unknown> }) {
  const decision = useDecideService(application.id);
  const move = useMoveApplication(application.id);
  const { headingRef, focusHeading } = useHeadingFocus();
  const problemRef = useRef<HTMLDivElement>(null);
  const declineButtonRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const [message, setMessage] = useState('');
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [isDeclining, setIsDeclining] = useState(false);
  /** A refusal shown above the screen (a 409: the application changed), until the next action. */
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const supplierName = application.supplierTradingName;

  /**
   * A refusal just shown takes the focus, once the move dialog (if open) has closed: while a modal
   * dialog is on the page it pulls the focus back into itself, and on closing it returns the focus
   * to the button that opened it, so focusing any earlier lost the refusal under a busy browser.
   */
  const problemWantsFocus = useRef(false);
  const showProblem = (next: SaveProblem) => {
    problemWantsFocus.current = true;
    setProblem(next);
  };
  useEffect(() => {
    if (problem && !pendingMove && problemWantsFocus.current) {
      problemWantsFocus.current = false;
      problemRef.current?.focus();
    }
  }, [problem, pendingMove]);

  const decide = (service: ServiceWithStatus, status: ServiceDecision['status'], reason?: string) => {
    setMessage('');
    setProblem(null);
    decision.save(
      { serviceId: service.id, status, ...(reason === undefined ? {} : { reason }) },
      {
        onSuccess: () => setMessage(`Decision saved: ${service.title} is ${status === 'granted' ? 'granted' : 'declined'}.`),
        onError: (error) => {
          // A 409 concerns the whole application (it moved on): above the screen, with a way to load it as it is now.
          const found = saveProblemOf(error, '');
          if (found.kind === 'conflict') {
            decision.reset();
            showProblem(found);
          }
        },
      },
    );
  };

  const confirmMove = () => {
    if (!pendingMove) {
      return;
    }
    const { to, reason } = pendingMove;
    setMessage('');
    setProblem(null);
    move.save(
      { status: to, ...(reason === undefined ? {} : { reason }) },
      {
        onSuccess: () => {
          setPendingMove(null);
          setIsDeclining(false);
          setMessage(
            `Application ${application.referenceId} moved to ‘${applicationStatusLabel(to)}’. ${supplierName} was emailed${
              to === 'declined' ? ', and your reasons were sent to them as a message on the application' : ''
            }.`,
          );
          focusHeading();
        },
        onError: (error) => {
          // A conflict closes the dialog, as what it asked about has changed; other failures show in the dialog.
          const found = saveProblemOf(error, '');
          if (found.kind === 'conflict') {
            setPendingMove(null);
            move.reset();
            showProblem(found);
          }
        },
      },
    );
  };
  const moveProblem = move.problem;

  const reload = () => {
    setProblem(null);
    setMessage('');
    setIsDeclining(false);
    void onReload().then(() => focusHeading());
  };

  const moves = teamMovesFrom(application.status);

  return (
    <div className="screen application-review">
      <h1 ref={headingRef} tabIndex={-1}>
        {TITLE}
      </h1>
      <p className="application-review__lead">
        Application <strong>{application.referenceId}</strong> from <strong>{supplierName}</strong>.
      </p>
      <div role="status" className="application-review__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <div ref={problemRef} tabIndex={-1} className="application-review__problem">
        <SaveProblemNotice problem={problem} reloadLabel="Load the latest application" onReload={reload} />
      </div>
      <div className="application-review__layout">
        <SupplierDetails supplier={application.supplier} />
        <div className="application-review__main">
          <section aria-labelledby="review-stage-heading">
            <h2 id="review-stage-heading">Stage</h2>
            <dl className="answers__list">
              <Row term="Reference">{application.referenceId}</Row>
              <Row term="Stage">
                <StatusTag tone={applicationStatusTone(application.status)}>{applicationStatusLabel(application.status)}</StatusTag>
              </Row>
              <Row term="Time in this stage">
                {timeWaiting(application.stageReachedAt, new Date())} (since {formatDateTime(application.stageReachedAt)})
              </Row>
              {application.statusTimestamps.submitted !== undefined && <Row term="Submitted">{formatDate(application.statusTimestamps.submitted)}</Row>}
            </dl>
          </section>
          <ServiceDecisions application={application} savingServiceId={decision.savingWith?.serviceId} problem={decision.problem} onDecide={decide} />
          <section aria-labelledby="review-moves-heading">
            <h2 id="review-moves-heading">Move the application</h2>
            {moves.length === 0 ? (
              <p>‘{applicationStatusLabel(application.status)}’ is a final stage: this application cannot move any further.</p>
            ) : (
              <>
                <p>
                  It is at ‘{applicationStatusLabel(application.status)}’. It can move to {moves.map((code) => `‘${applicationStatusLabel(code)}’`).join(' or ')}.
                </p>
                {moves.includes('granted') && !application.servicesWithStatus.some((service) => service.status === 'granted') && (
                  <p className="form-field__hint">Grant at least one service before moving it to ‘{applicationStatusLabel('granted')}’.</p>
                )}
                <div className="form-actions">
                  {moves
                    .filter((code) => code !== 'declined')
                    .map((code) => (
                      <button key={code} type="button" className="button" onClick={() => setPendingMove({ to: code as PendingMove['to'] })}>
                        Move to ‘{applicationStatusLabel(code)}’
                      </button>
                    ))}
                  {moves.includes('declined') && !isDeclining && (
                    <button type="button" className="button button--secondary" ref={declineButtonRef} onClick={() => setIsDeclining(true)}>
                      Decline the application
                    </button>
                  )}
                </div>
                {isDeclining && (
                  <DeclineApplicationForm
                    supplierName={supplierName}
                    onContinue={(reason) => setPendingMove({ to: 'declined', reason })}
                    onCancel={() => {
                      setIsDeclining(false);
                      focusAfterRender(declineButtonRef);
                    }}
                  />
                )}
              </>
            )}
          </section>
          <Answers application={application} />
          <section aria-labelledby="review-messages-heading">
            <h2 id="review-messages-heading">Messages</h2>
            {application.threads.length === 0 ? (
              <p>{supplierName} has not written about this application yet.</p>
            ) : (
              <ul className="plain-list">
                {application.threads.map((thread) => (
                  <li key={thread.id}>
                    <Link to={teamInboxPaths.thread(thread.id)}>{thread.title}</Link>{' '}
                    <ThreadStatusTag isResolved={thread.isResolved} />
                  </li>
                ))}
              </ul>
            )}
            <p>
              Declining sends your reasons to {supplierName} as a message on this application, which they read in their dashboard.
            </p>
          </section>
          <p>
            <Link to={applicationReviewPaths.queue()}>Back to the applications</Link>
          </p>
        </div>
      </div>
      {pendingMove && (
        <MoveDialog
          application={application}
          pendingMove={pendingMove}
          isPending={move.isSaving}
          errorMessage={moveProblem && moveProblem.kind !== 'conflict' ? problemText(moveProblem) : undefined}
          onConfirm={confirmMove}
          onCancel={() => {
            setPendingMove(null);
            move.reset();
          }}
        />
      )}
    </div>
  );
}

function problemText(problem: SaveProblem): string {
  return problem.kind === 'fields' ? problem.errors.map((error) => error.message).join(' ') : problem.message;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="answers__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SupplierDetails({ supplier }: { supplier: TeamApplicant }) {
  return (
    <aside className="application-review__supplier" aria-labelledby="review-supplier-heading">
      <h2 id="review-supplier-heading">Supplier</h2>
      <dl className="answers__list">
        <Row term="Trading name">{supplier.tradingName}</Row>
        <Row term="Legal name">{supplier.legalName}</Row>
        <Row term="NZBN">{supplier.nzbn ?? 'Not given'}</Row>
        <Row term="Email">{supplier.email === null ? 'Not given' : <a href={`mailto:${supplier.email}`}>{supplier.email}</a>}</Row>
        <Row term="Phone">{supplier.phone ?? 'Not given'}</Row>
        <Row term="Status">{SUPPLIER_STATUS_LABELS[supplier.status]}</Row>
      </dl>
    </aside>
  );
}

function ServiceDecisions({
  application,
  savingServiceId,
  problem,
  onDecide,
}: {
  application: TeamApplication;
  savingServiceId: number | undefined;
  problem: SaveProblem | null;
  onDecide: (service: ServiceWithStatus, status: ServiceDecision['status'], reason?: string) => void;
}) {
  const isDecidable = areServicesDecidable(application.status);
  return (
    <section aria-labelledby="review-services-heading">
      <h2 id="review-services-heading">Services requested</h2>
      {isDecidable ? (
        <p>Grant or decline each service, then save its decision. You can change a decision until the application moves past ‘In Progress’.</p>
      ) : (
        <p>Decisions on services are made while the application is ‘Submitted’, ‘Pre-assessment’ or ‘In Progress’; these are final.</p>
      )}
      {problem && <ErrorState message={problemText(problem)} />}
      <ul className="service-decisions">
        {application.servicesWithStatus.map((service) => (
          <li key={service.id} className="service-decisions__item">
            {isDecidable ? (
              <ServiceDecisionForm service={service} isSaving={savingServiceId === service.id} onDecide={onDecide} />
            ) : (
              <>
                <p className="service-decisions__title">
                  {service.title} <span className="list-table__detail">{service.catalogue.title}</span>
                </p>
                <StatusTag tone={SERVICE_DECISION_TONES[service.status]}>{SERVICE_DECISION_LABELS[service.status]}</StatusTag>
                {service.declineReason !== null && <p className="service-decision__reason">Reason given: {service.declineReason}</p>}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const CHOOSE_DECISION_MESSAGE = 'Select Grant or Decline';

/** What is wrong with the reason for declining a service, if anything. */
export function serviceDeclineReasonProblem(reason: string, serviceTitle: string): string | undefined {
  if (reason.trim() === '') {
    return `Enter why you are declining ${serviceTitle}`;
  }
  if (reason.length > SERVICE_DECLINE_REASON_MAX_LENGTH) {
    return `The reason must be ${String(SERVICE_DECLINE_REASON_MAX_LENGTH)} characters or fewer`;
  }
  return undefined;
}

function ServiceDecisionForm({
  service,
  isSaving,
  onDecide,
}: {
  service: ServiceWithStatus;
  isSaving: boolean;
  onDecide: (service: ServiceWithStatus, status: ServiceDecision['status'], reason?: string) => void;
}) {
  const savedChoice = service.status === 'requested' ? undefined : service.status;
  const [choice, setChoice] = useState<ServiceDecision['status'] | undefined>(savedChoice);
  const [error, setError] = useState('');
  const [reason, setReason] = useState(service.declineReason ?? '');
  const [reasonError, setReasonError] = useState('');
  // A new saved decision (this screen's, or another team member's loaded since) becomes the choice.
  const [shownStatus, setShownStatus] = useState(service.status);
  if (shownStatus !== service.status) {
    setShownStatus(service.status);
    setChoice(savedChoice);
    setReason(service.declineReason ?? '');
  }
  const ids = `service-${String(service.id)}`;
  const errorId = `${ids}-error`;
  const savedId = `${ids}-saved`;
  const reasonId = `${ids}-reason`;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isSaving) {
          return;
        }
        if (choice === undefined) {
          setError(`${CHOOSE_DECISION_MESSAGE} for ${service.title}`);
          return;
        }
        setError('');
        if (choice === 'declined') {
          const problem = serviceDeclineReasonProblem(reason, service.title);
          setReasonError(problem ?? '');
          if (problem !== undefined) {
            document.getElementById(reasonId)?.focus();
            return;
          }
          onDecide(service, choice, reason.trim());
          return;
        }
        onDecide(service, choice);
      }}
    >
      <div className={`form-field${error ? ' form-field--error' : ''}`}>
        <fieldset className="radios" aria-describedby={error ? `${savedId} ${errorId}` : savedId}>
          <legend className="form-field__label radios__legend">
            {service.title} <span className="list-table__detail">{service.catalogue.title}</span>
          </legend>
          <p className="service-decisions__saved" id={savedId}>
            Saved decision: <StatusTag tone={SERVICE_DECISION_TONES[service.status]}>{SERVICE_DECISION_LABELS[service.status]}</StatusTag>
          </p>
          {error && (
            <p className="form-field__error" id={errorId}>
              <span className="visually-hidden">Error: </span>
              {error}
            </p>
          )}
          <div className="choice-list">
            {(['granted', 'declined'] as const).map((status) => (
              <div className="choice" key={status}>
                <input
                  className="choice__input"
                  type="radio"
                  id={`${ids}-${status}`}
                  name={`${ids}-decision`}
                  value={status}
                  checked={choice === status}
                  onChange={() => setChoice(status)}
                />
                <label className="choice__label" htmlFor={`${ids}-${status}`}>
                  {status === 'granted' ? 'Grant' : 'Decline'}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
      {choice === 'declined' && (
        <div className={`form-field service-decision__reason-field${reasonError ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={reasonId}>
            Why are you declining {service.title}?
          </label>
          <p className="form-field__hint" id={`${reasonId}-hint`}>
            The supplier reads this on its application.
          </p>
          {reasonError && (
            <p className="form-field__error" id={`${reasonId}-error`}>
              <span className="visually-hidden">Error: </span>
              {reasonError}
            </p>
          )}
          <textarea
            className="form-field__input"
            id={reasonId}
            rows={3}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-hint ${reasonId}-error` : `${reasonId}-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
      <button type="submit" className="button button--secondary">
        {isSaving ? 'Saving…' : 'Save decision'}
        <span className="visually-hidden"> for {service.title}</span>
      </button>
    </form>
  );
}

function Answers({ application }: { application: TeamApplication }) {
  const files = Object.entries(application.files).sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <section aria-labelledby="review-answers-heading">
      <h2 id="review-answers-heading">Answers</h2>
      <p>{application.data.termsAccepted === true ? 'The supplier accepted the terms and conditions.' : 'The supplier has not accepted the terms and conditions.'}</p>
      {application.form.steps.map((step) => (
        <AnswersSummary
          key={step.id}
          steps={[step]}
          answers={application.data.answers[step.id] ?? {}}
          fileName={(id) => application.files[id]}
          headingLevel={3}
        />
      ))}
      <h3>Files</h3>
      {files.length === 0 ? (
        <p>No files were uploaded with this application.</p>
      ) : (
        <ul className="application-review__files">
          {files.map(([id, fileName]) => (
            <li key={id}>
              <AttachmentDownload attachment={{ id, fileName }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MoveDialog({
  application,
  pendingMove,
  isPending,
  errorMessage,
  onConfirm,
  onCancel,
}: {
  application: TeamApplication;
  pendingMove: PendingMove;
  isPending: boolean;
  errorMessage: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { to } = pendingMove;
  const label = applicationStatusLabel(to);
  const supplierName = application.supplierTradingName;
  const granted = application.servicesWithStatus.filter((service) => service.status === 'granted');
  let body: ReactNode;
  let confirmLabel = `Move to ‘${label}’`;
  if (to === 'published') {
    confirmLabel = 'Publish the listings';
    body =
      granted.length === 0 ? (
        <p>No service is granted, so the directory will list none of {supplierName}&apos;s services.</p>
      ) : (
        <>
          <p>{supplierName} becomes an approved supplier, and the directory lists them at once with these services:</p>
          <ul>
            {granted.map((service) => (
              <li key={service.id}>
                {service.title} ({service.catalogue.title})
              </li>
            ))}
          </ul>
        </>
      );
  } else if (to === 'declined') {
    confirmLabel = 'Decline the application';
    body = (
      <>
        <p>{supplierName} is emailed, and your reasons are sent to them as a message on this application:</p>
        <blockquote className="application-review__reason">{pendingMove.reason}</blockquote>
        <p>Declined is final: the application cannot move again.</p>
      </>
    );
  } else {
    body = <p>{supplierName} is emailed that their application is now at this stage.</p>;
  }
  return (
    <ConfirmDialog
      title={`Move application ${application.referenceId} to ‘${label}’?`}
      confirmLabel={confirmLabel}
      cancelLabel="Cancel"
      isPending={isPending}
      errorMessage={errorMessage}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {body}
    </ConfirmDialog>
  );
}
