/**
 * What the details screens of an engagement notice and a billing report share: loading the record
 * by the id in the URL with every state said plainly (loading, not among the supplier's, a failed
 * load with a retry), and a draft's Continue and Delete.
 */
import '../styles/lists.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { AnswersSummary, type SourceLabel } from '../lib/forms/answers-summary';
import { sourceFormContext } from '../lib/forms/form-sources';
import { DeleteRecordDialog } from './delete-record-dialog';
import { reportingQueryKeys, useRecord, type RecordOf } from './reporting-api';
import type { ReportingKind } from './reporting-kinds';

export function LoadedRecord<K extends ReportingKind>({ kind, children }: { kind: K; children: (record: RecordOf<K>) => ReactNode }) {
  const { id = '' } = useParams();
  const isValidId = /^[1-9][0-9]{0,9}$/.test(id);
  const record = useRecord(kind, isValidId ? Number(id) : 0);
  const queryClient = useQueryClient();
  const isFailed = record.isError && !(record.error instanceof ApiError && record.error.status === 404);
  useEffect(() => {
    // Spec §8: a failed load resets the record's state, so nothing stale is written on or shown.
    if (isFailed && isValidId) {
      queryClient.removeQueries({ queryKey: reportingQueryKeys.draft(kind, Number(id)) });
    }
  }, [isFailed, isValidId, id, kind, queryClient]);

  let content: ReactNode;
  if (!isValidId || (record.error instanceof ApiError && record.error.status === 404)) {
    content = (
      <>
        <p>
          There is no such {kind.noun} among your supplier&apos;s {kind.plural}. It may have been deleted, or the link may be wrong.
        </p>
        <p>
          <Link to={kind.listPath}>Back to your {kind.plural}</Link>
        </p>
      </>
    );
  } else if (record.isError) {
    content = (
      <ErrorState
        message={`We could not load this ${kind.noun}, so nothing of it is shown. ${describeApiFailure(record.error)}`}
        onRetry={() => void record.refetch()}
      />
    );
  } else if (record.isPending) {
    content = <LoadingState label={`Loading the ${kind.noun}…`} />;
  } else {
    content = children(record.data);
  }
  return <Screen title={kind.title}>{content}</Screen>;
}

/** A draft's actions: continue it where it was left, or delete it (then back to the list, saying so). */
export function DraftActions({ kind, id, description }: { kind: ReportingKind; id: number; description: string }) {
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <div className="screen-actions">
      <Link className="button" to={kind.submitPath(id)}>
        Continue this {kind.noun}
      </Link>
      <button type="button" className="button button--secondary" onClick={() => setIsDeleting(true)}>
        Delete this draft
      </button>
      {isDeleting && (
        <DeleteRecordDialog
          kind={kind}
          record={{ id, description }}
          onCancel={() => setIsDeleting(false)}
          onDeleted={(message) => void navigate(kind.listPath, { state: { message } })}
        />
      )}
    </div>
  );
}

/**
 * Every answer of the record, one section per step of the form it was written on. `sourceLabel`
 * names the ids chosen from source lists when the caller knows them (else the lists are fetched).
 */
export function RecordAnswers({ record, title, sourceLabel }: { record: RecordOf<ReportingKind>; title: string; sourceLabel?: SourceLabel }) {
  const answers = sourceFormContext(record.form.steps, record.data).sourceAnswers;
  return (
    <section aria-labelledby="record-answers-heading" className="reporting-answers">
      <h2 id="record-answers-heading">{title}</h2>
      {record.form.steps.map((step) => (
        // Every step's answers: a billed line's service is read from the list of the chosen notice's.
        <AnswersSummary key={step.id} steps={[step]} answers={answers} headingLevel={3} sourceLabel={sourceLabel} />
      ))}
    </section>
  );
}
