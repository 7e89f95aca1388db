/** What a list with no rows says, and the way back to rows. */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changedSearch, isPastFirstPage } from './url-params';

/**
 * A list with no rows: past its last page or started from an entry that is gone (back to the
 * first), nothing matching the filters (back to the whole list), or nothing there yet (`children`
 * says what will come).
 */
export function EmptyList({
  noun,
  page,
  cursor = {},
  total,
  isFiltered,
  listPath,
  children,
}: {
  /** 'billing reports'. */
  noun: string;
  page: number;
  /** The entry the page started after or before, for a list paged from an entry (./url-params.ts). */
  cursor?: { after?: number; before?: number };
  total: number;
  isFiltered: boolean;
  listPath: string;
  children: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  if (total > 0 && isPastFirstPage({ ...cursor, page })) {
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
