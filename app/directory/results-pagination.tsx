import { isPlainClick } from './plain-click';

/** Previous and Next links between pages of results, with where the reader is ("Page 1 of 2"). */
export function ResultsPagination({
  page,
  pageCount,
  hrefFor,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  onPageChange: (page: number) => void;
}) {
  if (pageCount <= 1) {
    return null;
  }
  const link = (target: number, label: string, rel: string) => (
    <a
      className="pagination__link"
      href={hrefFor(target)}
      rel={rel}
      onClick={(event) => {
        if (isPlainClick(event)) {
          event.preventDefault();
          onPageChange(target);
        }
      }}
    >
      {label}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Results pages">
      {page > 1 && link(page - 1, 'Previous', 'prev')}
      <p className="pagination__position">
        Page {Math.min(page, pageCount)} of {pageCount}
      </p>
      {page < pageCount && link(page + 1, 'Next', 'next')}
    </nav>
  );
}
