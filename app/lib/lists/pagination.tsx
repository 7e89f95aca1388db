/** GOV.UK pagination of a list (Previous, "Page n of m", Next), its links keeping the list's URL (./url-params.ts). */
import '../../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import { changedSearch } from './url-params';

/** The number of pages of a paged answer: at least 1, so an empty list reads "page 1 of 1". */
export function pageCount({ total, pageSize }: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * Where a list's neighbouring pages start, for a list paged from an entry (keyset): the `after` of
 * the next page and the `before` of the previous one, null where there is none. `isTotalCapped`:
 * the total stopped counting, so the last page is not known.
 */
export interface PageCursors {
  next: number | null;
  previous: number | null;
  isTotalCapped: boolean;
}

/**
 * GOV.UK pagination: Previous and Next links around "Page n of m"; nothing when there is one page.
 * `param` names the URL's page parameter (`page`), for a list that shares its screen with another.
 * With `cursors`, the links also say which entry their page starts from (`after`, `before`), so the
 * server reads from there instead of skipping every entry before it; "Page n" alone when the total
 * was not counted to the end. `isTotalCapped` without cursors: a list paged by number whose total
 * stopped counting past this page (server/db/capped-count.ts), so there is a next page.
 */
export function Pagination({
  page,
  total,
  pageSize,
  noun,
  param = 'page',
  cursors,
  isTotalCapped = cursors?.isTotalCapped ?? false,
}: {
  page: number;
  total: number;
  pageSize: number;
  noun: string;
  param?: string;
  cursors?: PageCursors;
  isTotalCapped?: boolean;
}) {
  const [searchParams] = useSearchParams();
  const pages = pageCount({ total, pageSize });
  const hasNext = cursors ? cursors.next !== null : page < pages || isTotalCapped;
  const hasPrevious = cursors ? cursors.previous !== null : page > 1;
  if (!hasNext && !hasPrevious && pages <= 1) {
    return null;
  }
  const pageLink = (to: number, cursor: Record<string, string | undefined>) => `?${changedSearch(searchParams, { [param]: String(to), ...cursor }).toString()}`;
  const previousPage = Math.max(1, cursors ? page - 1 : Math.min(page - 1, pages));
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      {hasPrevious && (
        <Link className="pagination__link" rel="prev" to={pageLink(previousPage, cursors ? { before: String(cursors.previous), after: undefined } : {})}>
          Previous<span className="visually-hidden"> page</span>
        </Link>
      )}
      <p className="pagination__current">{isTotalCapped ? `Page ${String(page)}` : `Page ${String(page)} of ${String(pages)}`}</p>
      {hasNext && (
        <Link className="pagination__link" rel="next" to={pageLink(page + 1, cursors ? { after: String(cursors.next), before: undefined } : {})}>
          Next<span className="visually-hidden"> page</span>
        </Link>
      )}
    </nav>
  );
}

/** A page of a list paged from an entry as the API answers it (`PageCursors` of common/api/http.ts). */
export interface EntryPagedAnswer {
  page: number;
  total: number;
  pageSize: number;
  nextCursor: number | null;
  previousCursor: number | null;
  /** The count stopped (server/db/capped-count.ts): the last page is not known. */
  totalIsCapped?: boolean;
}

/** Pagination of a list paged from an entry: Next and Previous start from the entries its answer names. */
export function EntryPagination({ answer, noun }: { answer: EntryPagedAnswer; noun: string }) {
  const cursors = { next: answer.nextCursor, previous: answer.previousCursor, isTotalCapped: answer.totalIsCapped ?? false };
  return <Pagination page={answer.page} total={answer.total} pageSize={answer.pageSize} noun={noun} cursors={cursors} />;
}
