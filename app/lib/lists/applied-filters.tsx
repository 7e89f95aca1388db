/**
 * Filters chosen from a list's rows (a supplier, an agency, a notice): the link in a row that
 * narrows the list to it, and the filters in force, each with a way to remove it. Both keep the
 * rest of the list's URL (./url-params.ts) and go back to page 1.
 */
import '../../styles/lists.css';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changedSearch } from './url-params';

/** A link that narrows the list to one supplier, agency or notice (and goes back to page 1). */
export function FilterLink({ param, id, children }: { param: string; id: number; children: ReactNode }) {
  const [searchParams] = useSearchParams();
  return <Link to={`?${changedSearch(searchParams, { [param]: String(id) }).toString()}`}>{children}</Link>;
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
    <div className="applied-filters">
      <h2 className="applied-filters__heading">Showing only</h2>
      <ul className="applied-filters__list">
        {filters.map((filter) => (
          <li key={filter.param} className="applied-filters__item">
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
