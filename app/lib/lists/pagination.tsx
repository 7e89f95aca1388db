/** GOV.UK pagination of a list (Previous, "Page n of m", Next), its links keeping the list's URL (./url-params.ts). */
import '../../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import { changedSearch } from './url-params';

/** The number of pages of a paged answer: at least 1, so an empty list reads "page 1 of 1". */
export function pageCount({ total, pageSize }: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * GOV.UK pagination: Previous and Next links around "Page n of m"; nothing when there is one page.
 * `param` names the URL's page parameter (`page`), for a list that shares its screen with another.
 */
export function Pagination({ page, total, pageSize, noun, param = 'page' }: { page: number; total: number; pageSize: number; noun: string; param?: string }) {
  const [searchParams] = useSearchParams();
  const pages = pageCount({ total, pageSize });
  if (pages <= 1 && page <= 1) {
    return null;
  }
  const pageLink = (to: number) => `?${changedSearch(searchParams, { [param]: String(to) }).toString()}`;
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
