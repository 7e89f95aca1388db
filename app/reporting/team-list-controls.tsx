/**
 * What the team console's notices and reports screens add to the dashboard's list controls
 * (./list-controls.tsx): the filters chosen from a row (a supplier, an agency, a notice) shown
 * with a way to remove each, the CSV download of the filtered list, and a record's screen loaded
 * by the id in its address with every state said plainly.
 */
import '../styles/reporting.css';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { changedSearch } from './list-params';
import { downloadCsv } from './team-reporting-api';

export const CSV_DOWNLOAD_FAILED_MESSAGE = 'The CSV file could not be downloaded. Check your connection and try again.';

/** A link that narrows the list to one supplier, agency or notice (and goes back to page 1). */
export function FilterLink({ param, id, children }: { param: string; id: number; children: ReactNode }) {
  const [searchParams] = useSearchParams();
  return <Link to={`?${changedSearch(searchParams, { [param]: String(id) }).toString()}`}>{children}</Link>;
}

/**
 * A team list with no rows: past its last page (back to the first), nothing matching the filters
 * (back to the whole list), or nothing submitted yet (`children` says what will come).
 */
export function EmptyTeamList({
  noun,
  page,
  total,
  isFiltered,
  listPath,
  children,
}: {
  /** 'billing reports'. */
  noun: string;
  page: number;
  total: number;
  isFiltered: boolean;
  listPath: string;
  children: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  if (total > 0 && page > 1) {
    return (
      <div className="empty-state">
        <p>
          There are no {noun} on page {page}.
        </p>
        <p>
          <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
        </p>
      </div>
    );
  }
  if (isFiltered) {
    return (
      <div className="empty-state">
        <p>No {noun} match these filters.</p>
        <p>
          <Link to={listPath}>Show every {noun.replace(/s$/, '')}</Link>
        </p>
      </div>
    );
  }
  return <div className="empty-state">{children}</div>;
}

export interface AppliedFilter {
  param: string;
  /** 'Supplier: Kōwhai Digital'. */
  label: string;
}

/** The filters chosen from rows, each with a link that removes it. Nothing when there are none. */
export function AppliedFilters({ filters }: { filters: readonly AppliedFilter[] }) {
  const [searchParams] = useSearchParams();
  if (filters.length === 0) {
    return null;
  }
  return (
    <div className="team-filters">
      <h2 className="team-filters__heading">Showing only</h2>
      <ul className="team-filters__list">
        {filters.map((filter) => (
          <li key={filter.param} className="team-filters__item">
            {filter.label}{' '}
            <Link to={`?${changedSearch(searchParams, { [filter.param]: undefined }).toString()}`}>
              Remove<span className="visually-hidden"> the filter {filter.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The CSV of every record the filters match. A button, not a link: the export needs the session's
 * bearer token, which a link cannot send, so the file is fetched and then saved under its name.
 * While it downloads the button says so and ignores further presses; a failure says what to do.
 */
export function CsvDownload({
  path,
  fileName,
  description,
  label = 'Download as CSV',
}: {
  path: string;
  fileName: string;
  description: string;
  /** The button's words. */
  label?: string;
}) {
  const [isDownloading, setIsDownloading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const download = () => {
    if (isDownloading) {
      return;
    }
    setIsDownloading(true);
    setHasFailed(false);
    downloadCsv(path, fileName).then(
      () => setIsDownloading(false),
      () => {
        setIsDownloading(false);
        setHasFailed(true);
      },
    );
  };
  return (
    <div className="team-download">
      <p className="team-download__description">{description}</p>
      {/* Not disabled while downloading: a disabled button would drop the keyboard focus. */}
      <button type="button" className="button button--secondary" aria-disabled={isDownloading || undefined} onClick={download}>
        {isDownloading ? 'Downloading…' : label}
      </button>
      <p className="team-download__status" role="status">
        {isDownloading ? 'Preparing the CSV file…' : ''}
      </p>
      {hasFailed && (
        <p className="alert alert--error" role="alert">
          {CSV_DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}


/**
 * A team record screen (one h1): loading, not there (a wrong link, or a draft the supplier has not
 * submitted), a failed load with Try again, or the record.
 */
export function TeamRecordScreen<T>({
  title,
  noun,
  listLink,
  record,
  children,
}: {
  title: string;
  noun: string;
  listLink: ReactNode;
  record: UseQueryResult<NoInfer<T>>;
  children: (record: T) => ReactNode;
}) {
  const id = useRecordIdParam();
  let content: ReactNode;
  if (id === 0 || (record.error instanceof ApiError && record.error.status === 404)) {
    content = (
      <>
        <p>
          There is no submitted {noun} at this address. The link may be wrong, or the supplier may not have submitted it yet (the team does not
          see drafts).
        </p>
        <p>{listLink}</p>
      </>
    );
  } else if (record.isError) {
    content = <ErrorState message={`We could not load this ${noun}. ${describeApiFailure(record.error)}`} onRetry={() => void record.refetch()} />;
  } else if (record.isPending) {
    content = <LoadingState label={`Loading the ${noun}…`} />;
  } else {
    content = children(record.data);
  }
  return <Screen title={title}>{content}</Screen>;
}
