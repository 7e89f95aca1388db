/**
 * /listings/{serviceId}/template (issue 30, spec §4 stage 4): the listing as a spreadsheet. The
 * supplier downloads the service's template (its questions, with the answers so far), fills it in
 * offline and uploads it; the portal reads it and shows the answers to check, each cell it could
 * not read named in the error summary; "Save these answers" saves them as the listing's working
 * copy, and the overview follows to send it for review. Sending the file in a message stays possible.
 */
import '../styles/answers.css';
import '../styles/listings.css';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import type { ReadListingTemplateResponse } from '../../common/api/service-listings';
import { useActiveSupplier } from '../lib/active-supplier';
import { downloadApiFile, useDownload } from '../lib/download';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { Screen } from '../lib/components/screen';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { useScreenTitle } from '../lib/routing';
import type { FlashState } from '../lib/use-flash-message';
import { useSave, type SaveProblem } from '../lib/use-save';
import { supplierMessagesPaths } from '../threads/supplier-messages-paths';
import { ListingLoader, notEditableMessage, type LoadedListing } from './listing-loader';
import { listingTemplatePath, readListingTemplate, saveListingAnswers } from './listings-api';
import { listingsPaths } from './listings-paths';

const TITLE = 'Fill in the listing in a spreadsheet';
const NO_FILE_MESSAGE = 'Select the filled-in template';

export function ListingTemplateScreen() {
  return <ListingLoader title={TITLE}>{(loaded) => <ListingTemplate {...loaded} />}</ListingLoader>;
}

/** The errors of reading a template: each cell the server named (`B12`), else its message. */
function readErrors(problem: SaveProblem | null, fieldId: string): SummaryError[] {
  if (problem === null || problem.kind === 'conflict') {
    return [];
  }
  if (problem.kind === 'failed') {
    return [{ fieldId, message: problem.message }];
  }
  return problem.errors.map((error) => {
    const cell = error.path.join('.');
    return { fieldId, message: /^[A-Z]+\d+$/.test(cell) ? `Cell ${cell}, ${error.message}` : error.message };
  });
}

function ListingTemplate({ listing, reload }: LoadedListing) {
  const supplier = useActiveSupplier();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = useId();
  const fileId = `${ids}-file`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [read, setRead] = useState<ReadListingTemplateResponse | null>(null);
  const serviceId = listing.service.id;
  useScreenTitle(TITLE);
  const templateName = `Listing template - ${listing.service.title}.xlsx`;
  const { download, isDownloading, hasFailed } = useDownload(() => downloadApiFile(listingTemplatePath(serviceId), templateName));
  const reading = useSave({
    mutationFn: (file: File) => readListingTemplate(serviceId, file),
    onSuccess: (result) => setRead(result),
    failedMessage: 'The template could not be uploaded. Check your connection and try again.',
  });
  const saving = useSave({
    mutationFn: (answers: ReadListingTemplateResponse['data']) => saveListingAnswers(queryClient, supplier.supplierID, listing, answers),
    onSuccess: () =>
      navigate(listingsPaths.listing(serviceId), {
        state: { message: 'The answers from your template were saved. Check them, then send the listing for review.' } satisfies FlashState,
      }),
    failedMessage: 'Your answers could not be saved. Check your connection and try again.',
  });

  if (!listing.isEditable) {
    return <Navigate to={listingsPaths.listing(serviceId)} replace state={{ message: notEditableMessage(listing) } satisfies FlashState} />;
  }

  const upload = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setMissingFile(file === undefined);
    if (file !== undefined && !reading.isSaving) {
      reading.save(file);
    }
  };
  const errors: SummaryError[] = missingFile ? [{ fieldId: fileId, message: NO_FILE_MESSAGE }] : readErrors(reading.problem, fileId);
  const fieldError = missingFile ? NO_FILE_MESSAGE : errors.length === 1 ? errors[0]?.message : errors.length > 1 ? 'The template has problems: see the list above' : undefined;

  if (read) {
    return (
      <Screen title="Check the answers from your template">
        <div className="listing-screen">
          <p className="listing-caption">{listing.service.title}</p>
          <SaveProblemNotice problem={saving.problem} reloadLabel="Load the latest version of this listing" onReload={reload} />
          <p>
            These answers were read from {read.filledCells === 1 ? '1 cell' : `${String(read.filledCells)} cells`} of your template. They replace the
            listing&apos;s answers when you save them. Documents are not in the template: they stay as they are.
          </p>
          {listing.form.steps.map((step) => (
            <AnswersSummary key={step.id} steps={[step]} answers={read.data[step.id] ?? {}} fileName={(id) => listing.files[id]} />
          ))}
          <div className="form-actions">
            <button type="button" className="button" onClick={() => !saving.isSaving && saving.save(read.data)}>
              {saving.isSaving ? 'Saving…' : 'Save these answers'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setRead(null);
                reading.reset();
              }}
            >
              Upload a different file
            </button>
          </div>
        </div>
      </Screen>
    );
  }

  return (
    <Screen title={TITLE}>
      <div className="listing-screen">
        <p className="listing-caption">{listing.service.title}</p>
        <ErrorSummary errors={errors} />
        <SaveProblemNotice problem={reading.problem?.kind === 'conflict' ? reading.problem : null} reloadLabel="Load the latest version of this listing" onReload={reload} />
        <p>You can answer the listing&apos;s questions in a spreadsheet instead of on each page, then upload it here to check and save the answers.</p>
        <h2>1. Download the template</h2>
        <p>The template is an Excel workbook of this service&apos;s questions, with the answers you have saved so far. Fill in column B.</p>
        <p>
          <button type="button" className="button button--secondary" onClick={download}>
            {isDownloading ? 'Downloading…' : 'Download the template'}
          </button>
        </p>
        {hasFailed && (
          <p className="alert alert--error" role="alert">
            The template could not be downloaded. Check your connection and try again.
          </p>
        )}
        <h2>2. Upload the filled-in template</h2>
        <form noValidate onSubmit={upload}>
          <div className={`form-field${fieldError ? ' form-field--error' : ''}`}>
            <label className="form-field__label" htmlFor={fileId}>
              Filled-in template
            </label>
            <p className="form-field__hint" id={`${fileId}-hint`}>
              The Excel workbook (.xlsx) you downloaded here, up to 1 MB. Nothing is saved until you have checked the answers.
            </p>
            {fieldError && (
              <p className="form-field__error" id={`${fileId}-error`}>
                <span className="visually-hidden">Error: </span>
                {fieldError}
              </p>
            )}
            <input
              ref={fileInput}
              id={fileId}
              className="listing-template__file"
              type="file"
              name="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={fieldError ? `${fileId}-hint ${fileId}-error` : `${fileId}-hint`}
              aria-invalid={fieldError ? true : undefined}
              onChange={() => setMissingFile(false)}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button">
              {reading.isSaving ? 'Reading the template…' : 'Upload and check'}
            </button>
            <Link to={listingsPaths.listing(serviceId)}>Back to the listing</Link>
          </div>
        </form>
        <h2>Sending it by message</h2>
        <p>
          If the upload does not work for you, attach the filled-in template to a{' '}
          <Link to={supplierMessagesPaths.messages()}>message to the marketplace team</Link> and they will help you finish the listing.
        </p>
      </div>
    </Screen>
  );
}
