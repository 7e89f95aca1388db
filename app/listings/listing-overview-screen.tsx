/**
 * /listings/{serviceId} (issue 30): one service's listing: its status, the team's reasons when it
 * asked for changes, what a live listing's change means, the answers of each step with a way to
 * change them, and sending it for review. What a send finds missing is summarised at the top,
 * each problem linked to the step that asks it.
 */
import '../styles/answers.css';
import '../styles/applications.css';
import '../styles/listings.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SendServiceListingResponse, ServiceListingResponse } from '../../common/api/service-listings';
import { useActiveSupplier } from '../lib/active-supplier';
import { ErrorSummary } from '../lib/components/error-summary';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { Screen } from '../lib/components/screen';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { useFlashMessage } from '../lib/use-flash-message';
import { useScreenTitle } from '../lib/routing';
import { useSave } from '../lib/use-save';
import { sendListing } from './listings-api';
import { ListingLoader, type LoadedListing } from './listing-loader';
import { listingsPaths } from './listings-paths';
import { ListingStatusTag } from './listing-status-tag';

export function ListingOverviewScreen() {
  return <ListingLoader title="Service listing">{(loaded) => <ListingOverview {...loaded} />}</ListingLoader>;
}

function ChangeLink({ to, what }: { to: string; what: string }) {
  return (
    <Link to={to}>
      Change<span className="visually-hidden"> {what}</span>
    </Link>
  );
}

/** What the listing's status means for the supplier now. */
function StatusExplanation({ listing }: { listing: ServiceListingResponse }) {
  if (listing.id === null) {
    return <p>You have not started this listing. Answer the questions, then send it to the marketplace team for review.</p>;
  }
  switch (listing.status) {
    case 'draft':
      return <p>Your changes are saved but not sent. Check your answers, then send the listing to the marketplace team for review.</p>;
    case 'changes_requested':
      return <p>Change your answers as the marketplace team asked, then send the listing for review again.</p>;
    case 'in_review':
      return <p>The marketplace team is reviewing this listing. You cannot change it until they have decided.</p>;
    case 'approved':
      return <p>The marketplace team approved this listing. It is published in the directory when your application is published.</p>;
    case 'published':
      return <p>This listing is published in the directory. You can change it: the team reviews each change before it is published.</p>;
  }
}

function SentNotice({ sent, serviceTitle }: { sent: SendServiceListingResponse; serviceTitle: string }) {
  return (
    <div className="alert alert--success">
      <p>Your listing of {serviceTitle} was sent to the marketplace team for review. We will email you when they have decided.</p>
      {sent.applicationMovedToValidation !== null && (
        <p>
          Every service of application {sent.applicationMovedToValidation} now has a listing with the team, so the application moved to Service Listing
          Validation.
        </p>
      )}
    </div>
  );
}

function ListingOverview({ listing, reload }: LoadedListing) {
  const supplier = useActiveSupplier();
  const queryClient = useQueryClient();
  const [message] = useFlashMessage();
  const [sent, setSent] = useState<SendServiceListingResponse | null>(null);
  const serviceId = listing.service.id;
  const steps = listing.form.steps;
  const firstStep = steps[0];
  useScreenTitle(listing.service.title);
  const { save: send, isSaving: sending, problem } = useSave({
    mutationFn: () => sendListing(queryClient, supplier.supplierID, listing),
    onSuccess: (result) => setSent(result),
    failedMessage: 'Your listing could not be sent. Check your connection and try again.',
  });
  const stepTitle = (stepId: string | undefined) => steps.find((step) => step.id === stepId)?.title;
  const hasWaitingChange = listing.isLive && listing.status !== 'published';

  return (
    <Screen title={listing.service.title}>
      <div className="listing-screen">
        <p className="listing-caption">{listing.service.catalogueTitle}</p>
        <p>
          Status: <ListingStatusTag listing={listing.id === null ? null : listing} />
        </p>
        <div role="status">
          {message !== '' && <p className="alert">{message}</p>}
          {sent && <SentNotice sent={sent} serviceTitle={listing.service.title} />}
        </div>
        {problem?.kind === 'fields' ? (
          <ErrorSummary
            title="Your listing is not complete"
            errors={problem.errors.map((error) => {
              const [stepId] = error.path;
              const title = stepTitle(stepId);
              return title && stepId !== undefined
                ? { message: `${title}: ${error.message}`, to: listingsPaths.changeListingStep(serviceId, stepId) }
                : { message: error.message };
            })}
          />
        ) : (
          <SaveProblemNotice problem={problem} reloadLabel="Load the latest version of this listing" onReload={reload} />
        )}
        {listing.status === 'changes_requested' && listing.changesRequested !== null && (
          <section className="notice" aria-labelledby="changes-requested-heading">
            <h2 id="changes-requested-heading">The marketplace team asked for changes</h2>
            <p className="listing-reasons">{listing.changesRequested}</p>
          </section>
        )}
        {hasWaitingChange && (
          <p className="notice">
            The published version of this listing stays in the directory until the marketplace team approves your changes.
          </p>
        )}
        {!sent && <StatusExplanation listing={listing} />}
        {listing.id === null && firstStep ? (
          <>
            <p>
              <Link className="button" to={listingsPaths.listingStep(serviceId, firstStep.id)}>
                Start the listing
              </Link>
            </p>
            <p>
              Or <Link to={listingsPaths.listingTemplate(serviceId)}>fill in the listing in a spreadsheet</Link> and upload it.
            </p>
          </>
        ) : (
          <>
            {steps.map((step) => (
              <AnswersSummary
                key={step.id}
                steps={[step]}
                answers={listing.data[step.id] ?? {}}
                fileName={(id) => listing.files[id]}
                renderStepActions={() =>
                  listing.isEditable ? (
                    <ChangeLink to={listingsPaths.changeListingStep(serviceId, step.id)} what={step.title.toLowerCase()} />
                  ) : null
                }
              />
            ))}
            {listing.isEditable && (
              <p>
                You can also <Link to={listingsPaths.listingTemplate(serviceId)}>change the answers in a spreadsheet</Link> and upload it.
              </p>
            )}
            {listing.isSendable && (
              <>
                <h2>Send the listing for review</h2>
                <p>The marketplace team checks the listing before buyers can read it. You cannot change it while they review it.</p>
              </>
            )}
          </>
        )}
        <div className="form-actions">
          {listing.isSendable && (
            <button type="button" className="button" disabled={sending} onClick={() => send()}>
              {sending ? 'Sending…' : 'Send for review'}
            </button>
          )}
          <Link to={listingsPaths.listings()}>Back to service listings</Link>
        </div>
      </div>
    </Screen>
  );
}
