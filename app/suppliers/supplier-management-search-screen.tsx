/**
 * The team app's /suppliers: every supplier by trading name, searched by trading or legal name, NZBN
 * or ABN and filtered by status, 25 a page. The search, the status and the page (with the supplier
 * it starts from) live in the URL, so Back, Forward and a reload show the same list.
 */
import '../styles/lists.css';
import '../styles/review.css';
import '../styles/supplier-management.css';
import { useId, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SUPPLIER_STATUSES, type TeamSupplierSummary } from '../../common/api/team-suppliers';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { StatusTag } from '../lib/components/status-tag';
import { businessNumbers } from '../../common/business-numbers';
import { EntryPagination } from '../lib/lists/pagination';
import { changedSearch, isPastFirstPage } from '../lib/lists/url-params';
import { useSupplierSearch } from './supplier-management-api';
import {
  isSearchNarrowed,
  SEARCH_MAX_LENGTH,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_STATUS_TONES,
  supplierSearchQuery,
  type SupplierSearchQuery,
} from './supplier-management-params';
import { supplierManagementPaths } from './supplier-management-paths';

export function SupplierSearchScreen() {
  const [searchParams] = useSearchParams();
  const query = supplierSearchQuery(searchParams);
  const suppliers = useSupplierSearch(query);

  return (
    <div className="screen list-screen review-screen supplier-management">
      <h1>Suppliers</h1>
      <p>Every supplier, whatever its status, by trading name. Open one to see everything about it, or to suspend or reinstate it.</p>
      {/* Keyed by the URL, so Back and Forward put the search they return to in the boxes. */}
      <SupplierSearchForm key={searchParams.toString()} query={query} />
      {suppliers.isPending ? (
        <LoadingState label="Loading the suppliers…" />
      ) : suppliers.isError ? (
        <ErrorState message={`We could not load the suppliers. ${describeApiFailure(suppliers.error)}`} onRetry={() => void suppliers.refetch()} />
      ) : (
        <UpdatingList isUpdating={suppliers.isPlaceholderData}>
          {suppliers.data.suppliers.length === 0 ? (
            <EmptySuppliers query={query} total={suppliers.data.total} />
          ) : (
            <>
              <p className="list-screen__count" aria-live="polite">
                {countLine(suppliers.data.total, query)}
              </p>
              <SupplierTable suppliers={suppliers.data.suppliers} />
              <EntryPagination answer={suppliers.data} noun="suppliers" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

/** '3 suppliers matching "kōwhai", suspended'. */
export function countLine(total: number, query: SupplierSearchQuery): string {
  const suppliers = total === 1 ? '1 supplier' : `${total.toLocaleString('en-NZ')} suppliers`;
  const matching = query.q === undefined ? '' : ` matching “${query.q}”`;
  const status = query.status === undefined ? '' : `, ${SUPPLIER_STATUS_LABELS[query.status].toLowerCase()}`;
  return `${suppliers}${matching}${status}`;
}

/** The search box and the status, sent together with Search (back to page 1). */
function SupplierSearchForm({ query }: { query: SupplierSearchQuery }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const ids = useId();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = form.get('q');
    const status = form.get('status');
    setSearchParams(
      changedSearch(searchParams, {
        q: typeof text === 'string' ? text.trim() : undefined,
        status: typeof status === 'string' ? status : undefined,
      }),
    );
  };
  return (
    <form className="list-controls" role="search" aria-label="Search the suppliers" onSubmit={submit}>
      <div className="form-field list-controls__field">
        <label className="form-field__label" htmlFor={`${ids}-q`}>
          Search suppliers
        </label>
        <p className="form-field__hint" id={`${ids}-q-hint`}>
          Part of a trading or legal name, an NZBN or an ABN
        </p>
        <input
          className="form-field__input"
          id={`${ids}-q`}
          name="q"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          defaultValue={query.q ?? ''}
          aria-describedby={`${ids}-q-hint`}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="form-field list-controls__field">
        <label className="form-field__label" htmlFor={`${ids}-status`}>
          Status
        </label>
        <select className="form-field__input" id={`${ids}-status`} name="status" defaultValue={query.status ?? ''}>
          <option value="">Any status</option>
          {SUPPLIER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SUPPLIER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field list-controls__field">
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </form>
  );
}

function EmptySuppliers({ query, total }: { query: SupplierSearchQuery; total: number }) {
  const [searchParams] = useSearchParams();
  if (total > 0 && isPastFirstPage(query)) {
    return (
      <div className="empty-state">
        <p>There are no suppliers on page {query.page ?? 1}.</p>
        <p>
          <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
        </p>
      </div>
    );
  }
  if (isSearchNarrowed(query)) {
    return (
      <div className="empty-state">
        <p>No suppliers match this search.</p>
        <p>Check the spelling, search for part of the name, or search by NZBN or ABN.</p>
        <p>
          <Link to={supplierManagementPaths.suppliers()}>Show every supplier</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>There are no suppliers yet.</p>
      <p>A supplier is created when the team approves its registration.</p>
    </div>
  );
}

function SupplierTable({ suppliers }: { suppliers: readonly TeamSupplierSummary[] }) {
  return (
    <DataTable caption="Suppliers" columns={['Trading name', 'Business number', 'Status', 'Users', 'Applications', 'Engagement notices']}>
      {suppliers.map((supplier) => (
        <DataRow key={supplier.id}>
          <RowHeader>
            <Link to={supplierManagementPaths.supplier(supplier.id)}>{supplier.tradingName}</Link>
            {supplier.legalName !== supplier.tradingName && <span className="list-table__detail">{supplier.legalName}</span>}
          </RowHeader>
          <DataCell label="Business number">
            {supplier.nzbn === null && supplier.abn === null ? (
              'Not given'
            ) : (
              <ul className="plain-list">
                {businessNumbers({ ...supplier, acn: null }).map((number) => (
                  <li key={number}>{number}</li>
                ))}
              </ul>
            )}
          </DataCell>
          <DataCell label="Status">
            <StatusTag tone={SUPPLIER_STATUS_TONES[supplier.status]}>{SUPPLIER_STATUS_LABELS[supplier.status]}</StatusTag>
          </DataCell>
          <DataCell label="Users">{supplier.users.toLocaleString('en-NZ')}</DataCell>
          <DataCell label="Applications">{supplier.applications.toLocaleString('en-NZ')}</DataCell>
          <DataCell label="Engagement notices">{supplier.engagementNotices.toLocaleString('en-NZ')}</DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
