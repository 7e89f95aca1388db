/**
 * The parts the engagement notices and billing reports lists share: a labelled select that
 * changes the URL, the sort and order selects, and GOV.UK's pagination (Previous, "Page n of m",
 * Next), all reading and writing the list's URL (./list-params.ts).
 */
import '../styles/reporting.css';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changedSearch, orderLabel, pageCount, SORT_LABELS, type SortOrder } from './list-params';
import type { ReportingKind } from './reporting-kinds';

export interface SelectOption {
  value: string;
  label: string;
}

/** A select of the list's controls: choosing changes one URL parameter (and goes back to page 1). */
export function UrlSelect({ label, param, value, options, onChange }: { label: string; param: string; value: string; options: readonly SelectOption[]; onChange?: () => void }) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div className="form-field reporting-controls__field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-field__input"
        value={value}
        onChange={(event) => {
          onChange?.();
          setSearchParams(changedSearch(searchParams, { [param]: event.currentTarget.value }));
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

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

/** GOV.UK pagination: Previous and Next links around "Page n of m"; nothing when there is one page. */
export function Pagination({ page, total, pageSize, noun }: { page: number; total: number; pageSize: number; noun: string }) {
  const [searchParams] = useSearchParams();
  const pages = pageCount({ total, pageSize });
  if (pages <= 1 && page <= 1) {
    return null;
  }
  const pageLink = (to: number) => `?${changedSearch(searchParams, { page: String(to) }).toString()}`;
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      {page > 1 && (
        <Link className="pagination__link" rel="prev" to={pageLink(Math.min(page - 1, pages))}>
          Previous<span className="visually-hidden"> page</span>
        </Link>
      )}
      <p className="pagination__current">
        Page {page} of {pages}
      </p>
      {page < pages && (
        <Link className="pagination__link" rel="next" to={pageLink(page + 1)}>
          Next<span className="visually-hidden"> page</span>
        </Link>
      )}
    </nav>
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
