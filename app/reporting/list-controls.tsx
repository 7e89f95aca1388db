/**
 * The controls the engagement notices and billing reports lists add to every list's
 * (app/lib/lists/): the sort and order selects, worded for the chosen sort, and a row's actions.
 */
import { Link } from 'react-router';
import { UrlSelect } from '../lib/lists/url-select';
import { orderLabel, SORT_LABELS, type SortOrder } from './list-params';
import type { ReportingKind } from './reporting-kinds';

/** Sort by (the API's sorts, in plain words) and order (worded for the chosen sort). */
export function SortControls<S extends keyof typeof SORT_LABELS>({ sorts, sort, order, onChange }: { sorts: readonly S[]; sort: S; order: SortOrder; onChange?: () => void }) {
  return (
    <>
      <UrlSelect
        label="Sort by"
        param="sort"
        value={sort}
        options={sorts.map((candidate) => ({ value: candidate, label: SORT_LABELS[candidate] }))}
        onChange={onChange}
      />
      <UrlSelect
        label="Order"
        param="order"
        value={order}
        options={(['asc', 'desc'] as const).map((candidate) => ({ value: candidate, label: orderLabel(sort, candidate) }))}
        onChange={onChange}
      />
    </>
  );
}

/** A row's actions: a draft continues or is deleted; every record is viewed. Each names its record for screen readers. */
export function RecordActions({ kind, id, name, isEditable, onDelete }: { kind: ReportingKind; id: number; name: string; isEditable: boolean; onDelete: () => void }) {
  const record = <span className="visually-hidden"> {kind.noun} {name}</span>;
  return (
    <div className="data-table__actions">
      {isEditable && (
        <Link to={kind.submitPath(id)}>
          Continue{record}
        </Link>
      )}
      <Link to={kind.recordPath(id)}>View{record}</Link>
      {isEditable && (
        <button type="button" className="link-button" onClick={onDelete}>
          Delete{record}
        </button>
      )}
    </div>
  );
}
