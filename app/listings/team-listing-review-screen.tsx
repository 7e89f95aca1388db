/**
 * The team app's review of one service listing (/admin/listings/{id}): whose it is and its status;
 * for a live listing's change, each changed question with the published answer beside the new
 * one, otherwise every answer; its files; its published versions. While it waits for review the
 * team approves it (confirmed first: a live listing's change goes live at once, a new listing with
 * its application) or sends it back with reasons. The published listing's expired documents show
 * as a warning, and a live listing can be suspended (buyers cannot read it) and reinstated
 * (./team-listing-suspension.tsx). A 409 (someone decided first) shows the server's message and a
 * way to load the listing as it is now.
 */
import '../styles/answers.css';
import '../styles/lists.css';
import '../styles/team-listings.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TeamListing } from '../../common/api/team-listings';
import { formatDate } from '../../common/dates';
import type { FormStep } from '../../common/forms/definition';
import { isListingReviewable } from '../../common/listings/service-listings';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { applicationReviewPaths } from '../applications/application-review-paths';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { Screen } from '../lib/components/screen';
import { downloadApiFile, useDownload } from '../lib/download';
import { AnswersSummary, QuestionAnswer, questionTitle } from '../lib/forms/answers-summary';
import { FactsList } from '../lib/lists/facts-list';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { saveProblemOf, type SaveProblem } from '../lib/use-save';
import { TeamListingChangesForm } from './team-listing-changes-form';
import { TeamListingExpiredDocuments } from './team-listing-expired-documents';
import { listingKindLabel, TeamListingStatusTag } from './team-listing-status';
import { TeamListingSuspension } from './team-listing-suspension';
import { useApproveListing, useRequestListingChanges, useTeamListing } from './team-listings-api';
import { teamListingsPaths } from './team-listings-paths';

const TITLE = 'Service listing';

export const FILE_DOWNLOAD_FAILED_MESSAGE = 'The file could not be downloaded. Check your connection and try again.';

const backLink = <Link to={teamListingsPaths.queue()}>Back to the service listings</Link>;

export function TeamListingReviewScreen() {
  const id = useRecordIdParam();
  const listing = useTeamListing(id);
  if (id === 0 || (listing.error instanceof ApiError && listing.error.status === 404)) {
    return (
      <Screen title={TITLE}>
        <p>There is no service listing at this address. The address may be mistyped.</p>
        <p>{backLink}</p>
      </Screen>
    );
  }
  if (listing.isError) {
    return (
      <Screen title={TITLE}>
        <ErrorState message={`We could not load this listing. ${describeApiFailure(listing.error)}`} onRetry={() => void listing.refetch()} />
      </Screen>
    );
  }
  if (listing.isPending) {
    return (
      <Screen title={TITLE}>
        <LoadingState label="Loading the listing…" />
      </Screen>
    );
  }
  return <Review listing={listing.data} onReload={() => listing.refetch()} />;
}

/** The listing's name as the team reads it: its service and its supplier. */
function listingName(listing: TeamListing): string {
  return `${listing.service.title} from ${listing.supplierTradingName}`;
}

function Review({ listing, onReload }: { listing: TeamListing; onReload: () => Promise<unknown> }) {
  const approval = useApproveListing(listing.id);
  const changes = useRequestListingChanges(listing.id);
  const { headingRef, focusHeading } = useHeadingFocus();
  const focusAfterRender = useFocusAfterRender();
  const problemRef = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  /** A refusal shown above the screen (a 409: someone decided first), until the next action. */
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const supplierName = listing.supplierTradingName;
  const serviceTitle = listing.service.title;

  // A refusal takes the focus once the dialog (if open) has closed: an open modal pulls focus back into itself.
  const showProblem = (found: SaveProblem) => {
    setProblem(found);
    focusAfterRender(problemRef);
  };
  const startAction = () => {
    setMessage('');
    setProblem(null);
  };

  const approve = () => {
    startAction();
    approval.save(undefined, {
      onSuccess: (approved) => {
        setIsConfirming(false);
        const version = approved.versions[0]?.version;
        setMessage(
          listing.isLive
            ? `The change to ${serviceTitle} is live${version === undefined ? '' : `: version ${String(version)} is published`}. ${supplierName} was emailed.`
            : `${serviceTitle} is approved. ${goesLiveWhen(listing)} ${supplierName} was emailed.`,
        );
        focusHeading();
      },
      onError: (error) => {
        // A conflict closes the dialog, as what it asked about has changed; other failures show in the dialog.
        const found = saveProblemOf(error, '');
        if (found.kind === 'conflict') {
          setIsConfirming(false);
          approval.reset();
          showProblem(found);
        }
      },
    });
  };

  const requestChanges = (reason: string) => {
    startAction();
    changes.save(
      { reason },
      {
        onSuccess: () => {
          setMessage(
            `${serviceTitle} was sent back to ${supplierName}. Your reasons were sent to them as a message${
              listing.application === null ? '' : ` on application ${listing.application.referenceId}`
            }, and they were emailed.`,
          );
          focusHeading();
        },
        onError: (error) => {
          const found = saveProblemOf(error, '');
          if (found.kind !== 'fields') {
            changes.reset();
            showProblem(found.kind === 'conflict' ? found : { kind: 'failed', message: found.message || 'The listing was not sent back. Check your connection and try again.' });
          }
        },
      },
    );
  };
  const reasonProblem = changes.problem?.kind === 'fields' ? changes.problem.errors.map((error) => error.message).join(' ') : null;

  const reload = () => {
    setProblem(null);
    setMessage('');
    void onReload().then(() => focusHeading());
  };

  const approvalProblem = approval.problem;
  const isReviewable = isListingReviewable(listing.status);

  return (
    <div className="screen team-listing-review">
      <h1 ref={headingRef} tabIndex={-1}>
        {listingName(listing)}
      </h1>
      <div role="status" className="team-listing-review__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <div ref={problemRef} tabIndex={-1} className="team-listing-review__problem">
        <SaveProblemNotice problem={problem} reloadLabel="Load the latest listing" onReload={reload} />
      </div>
      <TeamListingExpiredDocuments listing={listing} />
      <ListingFacts listing={listing} />
      {listing.liveData === null ? <WholeListing listing={listing} title="The listing" /> : <Comparison listing={listing} liveData={listing.liveData} />}
      <ListingFiles files={listing.files} />
      <section aria-labelledby="listing-decision-heading">
        <h2 id="listing-decision-heading">Decision</h2>
        {isReviewable ? (
          <>
            <p>
              {listing.isLive
                ? `Approving publishes the change at once: ${buyersSeeChange(listing)}.`
                : `Approving keeps the listing ready for publication. ${goesLiveWhen(listing)}`}
            </p>
            <div className="form-actions">
              <button type="button" className="button" onClick={() => setIsConfirming(true)}>
                Approve
              </button>
            </div>
            <TeamListingChangesForm supplierName={supplierName} isSending={changes.isSaving} serverProblem={reasonProblem} onSend={requestChanges} />
          </>
        ) : (
          <p>{nothingToDecide(listing)}</p>
        )}
      </section>
      <TeamListingSuspension
        listing={listing}
        onStart={startAction}
        onDone={(done) => {
          setMessage(done);
          focusHeading();
        }}
        onProblem={showProblem}
      />
      <Versions listing={listing} />
      <p>{backLink}</p>
      {isConfirming && (
        <ConfirmDialog
          title={`Approve the listing of ${serviceTitle}?`}
          confirmLabel={listing.isLive ? 'Approve and publish now' : 'Approve the listing'}
          cancelLabel="Cancel"
          isPending={approval.isSaving}
          errorMessage={approvalProblem && approvalProblem.kind !== 'conflict' ? problemText(approvalProblem) : undefined}
          onConfirm={approve}
          onCancel={() => {
            setIsConfirming(false);
            approval.reset();
          }}
        >
          {listing.isLive ? (
            <p>
              {listing.suspendedAt === null
                ? 'The change goes live in the directory now, in place of the published listing.'
                : 'The change is published now, and buyers see it once the listing is reinstated.'}{' '}
              {supplierName} is emailed that it is published.
            </p>
          ) : (
            <p>
              {goesLiveWhen(listing)} {supplierName} is emailed that it is approved.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

function problemText(problem: SaveProblem): string {
  return problem.kind === 'fields' ? problem.errors.map((error) => error.message).join(' ') : problem.message;
}

/** When buyers see a live listing's change once it is published: at once, or once a suspended listing is reinstated. */
function buyersSeeChange(listing: TeamListing): string {
  return listing.suspendedAt === null ? 'buyers see it in place of the live listing' : 'buyers see it once the listing is reinstated';
}

/** When a listing that is not live yet goes live once approved: with its application. */
function goesLiveWhen(listing: TeamListing): string {
  return listing.application === null
    ? 'It goes live in the directory when its application is published.'
    : `It goes live in the directory when application ${listing.application.referenceId} is published.`;
}

/** What a listing not waiting for review waits for instead. */
function nothingToDecide(listing: TeamListing): string {
  switch (listing.status) {
    case 'draft':
      return listing.isLive
        ? 'There is nothing to decide: the supplier is changing the live listing and has not sent the change yet.'
        : 'There is nothing to decide: the supplier has not sent this listing for review yet.';
    case 'changes_requested':
      return 'There is nothing to decide: the team asked for changes, and the supplier sends the listing again once they have made them.';
    case 'approved':
      return `The listing is approved. ${goesLiveWhen(listing)}`;
    default:
      return listing.suspendedAt === null
        ? 'The listing is live in the directory, and no change is waiting for review.'
        : 'The listing is suspended, and no change is waiting for review.';
  }
}

function ListingFacts({ listing }: { listing: TeamListing }) {
  return (
    <FactsList
      facts={[
        ['Supplier', listing.supplierTradingName],
        ['Service', `${listing.service.title} (${listing.service.catalogueTitle})`],
        ['Status', <TeamListingStatusTag key="status" status={listing.status} isLive={listing.isLive} />],
        ['New or changed', listingKindLabel(listing.isLive)],
        ...(listing.isLive ? ([['In the directory', inDirectory(listing.suspendedAt)]] as const) : []),
        ['Sent for review', listing.submittedAt === null ? 'Not sent yet' : formatDate(listing.submittedAt)],
        ...(listing.application === null
          ? []
          : ([['Application', <Link key="application" to={applicationReviewPaths.application(listing.application.id)}>{listing.application.referenceId}</Link>]] as const)),
        ...(listing.status === 'changes_requested' && listing.changesRequested !== null ? ([['Changes asked for', listing.changesRequested]] as const) : []),
      ]}
    />
  );
}

/** Whether buyers can read a live listing: not while it is suspended. */
function inDirectory(suspendedAt: string | null): string {
  return suspendedAt === null ? 'Live: buyers can read the published listing' : `Suspended on ${formatDate(suspendedAt)}: buyers cannot read the listing`;
}

/** The form's step and field of a changed field's name (`step.field`). */
function questionOf(steps: readonly FormStep[], name: string): { step: FormStep; field: string } | undefined {
  const [stepId = '', field = ''] = name.split('.');
  const step = steps.find((candidate) => candidate.id === stepId);
  return step && field !== '' ? { step, field } : undefined;
}

function Comparison({ listing, liveData }: { listing: TeamListing; liveData: NonNullable<TeamListing['liveData']> }) {
  const fileName = (id: string) => listing.files[id];
  const changed = listing.changedFields.flatMap((name) => {
    const question = questionOf(listing.form.steps, name);
    return question ? [{ name, ...question }] : [];
  });
  return (
    <section aria-labelledby="listing-changes-heading">
      <h2 id="listing-changes-heading">What changed</h2>
      {changed.length === 0 ? (
        <p>Nothing differs from the published listing.</p>
      ) : (
        <>
          <p>
            {changed.length === 1 ? '1 answer differs' : `${String(changed.length)} answers differ`} from the published listing. Every other answer stays as
            published.
          </p>
          <div className="team-listing-review__comparison">
            <DataTable caption="Changed answers, the published answer beside the new one" columns={['Question', 'Published answer', 'New answer']}>
              {changed.map(({ name, step, field }) => (
                <DataRow key={name}>
                  <RowHeader>{questionTitle(step, field)}</RowHeader>
                  <DataCell label="Published answer">
                    <QuestionAnswer step={step} field={field} answers={liveData[step.id] ?? {}} fileName={fileName} />
                  </DataCell>
                  <DataCell label="New answer">
                    <QuestionAnswer step={step} field={field} answers={listing.data[step.id] ?? {}} fileName={fileName} />
                  </DataCell>
                </DataRow>
              ))}
            </DataTable>
          </div>
        </>
      )}
      <details className="team-listing-review__whole">
        <summary>Show the whole listing with the changes</summary>
        <WholeListing listing={listing} />
      </details>
    </section>
  );
}

function WholeListing({ listing, title }: { listing: TeamListing; title?: string }) {
  const steps = listing.form.steps.map((step) => (
    <AnswersSummary key={step.id} steps={[step]} answers={listing.data[step.id] ?? {}} fileName={(id) => listing.files[id]} headingLevel={3} />
  ));
  return title === undefined ? (
    <div>{steps}</div>
  ) : (
    <section aria-labelledby="listing-answers-heading">
      <h2 id="listing-answers-heading">{title}</h2>
      {steps}
    </section>
  );
}

function ListingFiles({ files }: { files: TeamListing['files'] }) {
  const sorted = Object.entries(files).sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <section aria-labelledby="listing-files-heading">
      <h2 id="listing-files-heading">Files</h2>
      {sorted.length === 0 ? (
        <p>No files were uploaded with this listing.</p>
      ) : (
        <ul className="plain-list team-listing-review__files">
          {sorted.map(([id, fileName]) => (
            <li key={id}>
              <FileDownload id={id} fileName={fileName} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An uploaded file: a button, as the download needs the session's bearer token (app/lib/download.ts). */
function FileDownload({ id, fileName }: { id: string; fileName: string }) {
  const { isDownloading, hasFailed, download } = useDownload(() => downloadApiFile(`files/${encodeURIComponent(id)}`, fileName));
  return (
    <>
      <button type="button" className="link-button" aria-disabled={isDownloading || undefined} onClick={download}>
        <span className="visually-hidden">Download</span> {fileName}
      </button>{' '}
      <span role="status">{isDownloading ? 'Downloading…' : ''}</span>
      {hasFailed && (
        <p className="form-field__error" role="alert">
          {FILE_DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </>
  );
}

function Versions({ listing }: { listing: TeamListing }) {
  const titleOf = (name: string) => {
    const question = questionOf(listing.form.steps, name);
    return question ? questionTitle(question.step, question.field) : 'A question no longer asked';
  };
  return (
    <section aria-labelledby="listing-versions-heading">
      <h2 id="listing-versions-heading">Published versions</h2>
      {listing.versions.length === 0 ? (
        <p>No version of this listing has been published yet.</p>
      ) : (
        <DataTable caption="Published versions, the latest first" columns={['Version', 'Published', 'Approved by', 'What changed']}>
          {listing.versions.map((version) => (
            <DataRow key={version.version}>
              <RowHeader>Version {version.version}</RowHeader>
              <DataCell label="Published">{formatDate(version.publishedAt)}</DataCell>
              <DataCell label="Approved by">{version.approvedBy ?? 'A former team member'}</DataCell>
              <DataCell label="What changed">
                {version.changedFields.length === 0 ? 'The first version' : version.changedFields.map(titleOf).join(', ')}
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </section>
  );
}
