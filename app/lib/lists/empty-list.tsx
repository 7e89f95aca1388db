/** What a list with no rows says, and the way back to rows. */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changedSearch } from './url-params';

/**
 * A list with no rows: past its last page (back to the first), nothing matching the filters
 * (back to the whole list), or nothing there yet (`children` says what will come).
 */
export function EmptyList({
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
