/**
 * The team app's /audit: every change people made in the portal, newest first, filtered by
 * supplier (a choice of their names), person (part of an email), action (the kinds in plain
 * words) and New Zealand days, 50 a page, all in the URL; and the CSV of every entry the filters
 * find. A filter the form or the API refuses is named in the error summary, in page order.
 */
import '../styles/lists.css';
import '../styles/audit.css';
import '../styles/date-input.css';
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '../../common/api/audit';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { DateInput } from '../lib/forms/date-input';
import { FilterLink } from '../lib/lists/applied-filters';
import { CsvDownload } from '../lib/lists/csv-download';
import { listCount } from '../lib/lists/list-count';
import { EntryPagination } from '../lib/lists/pagination';
import { changedSearch, isPastFirstPage } from '../lib/lists/url-params';
import { AUDIT_ACTION_GROUPS, auditActionLabel, auditSubjectLabel, auditSubjectName } from './audit-actions';
import { useAuditLog, useSupplierNames } from './audit-log-api';
import {
  AUDIT_FILTER_IDS,
  auditExportPath,
  auditLogQuery,
  auditLogSearch,
  filtersOf,
  checkAuditFilters,
  filterValuesOf,
  isFiltered,
  MAX_PERSON_LENGTH,
  serverFilterErrors,
  summaryOf,
  type AuditFilterErrors,
  type AuditFilterValues,
  type AuditLogQuery,
} from './audit-log-params';
import { auditLogPaths } from './audit-log-paths';

export function AuditLogScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = auditLogQuery(searchParams);
  const entries = useAuditLog(query);
  const serverErrors = entries.isError ? serverFilterErrors(entries.error) : {};
  const isRefusedFilter = Object.keys(serverErrors).length > 0;

  // The form follows the URL: a filter chosen from a row, Clear filters or Back replaces what it holds.
  const filtersKey = auditLogSearch(filtersOf(query));
  const [values, setValues] = useState<AuditFilterValues>(() => filterValuesOf(query));
  const [valuesKey, setValuesKey] = useState(filtersKey);
  const [formErrors, setFormErrors] = useState<AuditFilterErrors>({});
  if (valuesKey !== filtersKey) {
    setValuesKey(filtersKey);
    setValues(filterValuesOf(query));
    setFormErrors({});
  }

  // Bumped on every refused Apply, so the summary takes focus even when its errors are the same.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) {
      summaryRef.current?.focus();
    }
  }, [refusals]);

  const errors = Object.keys(formErrors).length > 0 ? formErrors : serverErrors;

  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAuditFilters(values);
    if (Object.keys(checked.errors).length > 0) {
      setFormErrors(checked.errors);
      setRefusals((count) => count + 1);
      return;
    }
    setFormErrors({});
    setSearchParams(new URLSearchParams(auditLogSearch(checked.filters)));
  };

  return (
    <div className="screen list-screen audit-screen">
      <h1>Audit log</h1>
      <ErrorSummary ref={summaryRef} errors={summaryOf(errors)} />
      <p>Every change made in the portal, the newest first: when (New Zealand time), who made it, what they did and what it concerned.</p>
      <form className="audit-filters" aria-labelledby="audit-filters-heading" noValidate onSubmit={apply}>
        <h2 id="audit-filters-heading" className="audit-filters__heading">
          Filter the entries
        </h2>
        <SupplierSelect value={values.supplier} error={errors.supplier} onChange={(supplier) => setValues((current) => ({ ...current, supplier }))} />
        <TextFilter
          id={AUDIT_FILTER_IDS.person}
          label="Person"
          hint="Who made the change: their email address or part of it."
          value={values.person}
          error={errors.person}
          onChange={(person) => setValues((current) => ({ ...current, person }))}
        />
        <ActionSelect value={values.action} error={errors.action} onChange={(action) => setValues((current) => ({ ...current, action }))} />
        <div className="audit-filters__dates">
          <DateInput
            id={AUDIT_FILTER_IDS.from}
            legend="From"
            hint="The first day, for example 27 3 2027."
            value={values.from}
            error={errors.from}
            onChange={(from) => setValues((current) => ({ ...current, from }))}
          />
          <DateInput
            id={AUDIT_FILTER_IDS.to}
            legend="To"
            hint="The last day, included."
            value={values.to}
            error={errors.to}
            onChange={(to) => setValues((current) => ({ ...current, to }))}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Apply filters
          </button>
          {isFiltered(query) && <Link to={auditLogPaths.auditLog()}>Clear filters</Link>}
        </div>
      </form>
      {!isRefusedFilter && (
        <CsvDownload
          path={auditExportPath(query)}
          fileName="audit-log.csv"
          label="Export as CSV"
          description={
            isFiltered(query)
              ? 'The CSV file holds every entry these filters find, on every page, with what each record was before and after. Its times are in UTC.'
              : 'The CSV file holds every entry, on every page, with what each record was before and after. Its times are in UTC.'
          }
        />
      )}
      <section aria-labelledby="audit-entries-heading">
        <h2 id="audit-entries-heading">Entries</h2>
        {isRefusedFilter ? (
          <p>Change the filters to see the entries.</p>
        ) : entries.isPending ? (
          <LoadingState label="Loading the audit log…" />
        ) : entries.isError ? (
          <ErrorState message={`We could not load the audit log. ${describeApiFailure(entries.error)}`} onRetry={() => void entries.refetch()} />
        ) : (
          <UpdatingList isUpdating={entries.isPlaceholderData}>
            {entries.data.entries.length === 0 ? (
              <EmptyAuditLog query={query} total={entries.data.total} searchParams={searchParams} />
            ) : (
              <>
                <p className="list-screen__count" role="status">
                  {listCount(entries.data, 'entry', 'entries')}
                  {isFiltered(query) ? ' match these filters' : ''}
                </p>
                <AuditTable entries={entries.data.entries} />
                <EntryPagination answer={entries.data} noun="audit log entries" />
              </>
            )}
          </UpdatingList>
        )}
      </section>
    </div>
  );
}

function fieldClass(error: string | undefined): string {
  return error === undefined ? 'form-field' : 'form-field form-field--error';
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error === undefined ? null : (
    <p className="form-field__error" id={`${id}-error`}>
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );
}

function describedBy(id: string, { hasHint, error }: { hasHint: boolean; error: string | undefined }): string | undefined {
  const ids = [hasHint ? `${id}-hint` : undefined, error === undefined ? undefined : `${id}-error`].filter(Boolean).join(' ');
  return ids === '' ? undefined : ids;
}

/** A labelled select of the filter form, its error (from the summary's check) above it. */
function SelectFilter({
  id,
  label,
  value,
  error,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className={fieldClass(error)}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <FieldError id={id} error={error} />
      <select
        id={id}
        className="form-field__input"
        value={value}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, { hasHint: false, error })}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </select>
    </div>
  );
}

/** The supplier filter: every supplier by name (a supplier in the URL keeps its place while the names load). */
function SupplierSelect({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const names = useSupplierNames();
  const suppliers = names.data?.suppliers ?? [];
  const isListed = value === '' || suppliers.some((supplier) => String(supplier.id) === value);
  return (
    <>
      <SelectFilter id={AUDIT_FILTER_IDS.supplier} label="Supplier" value={value} error={error} onChange={onChange}>
        <option value="">Any supplier</option>
        {!isListed && <option value={value}>{names.isPending ? 'Loading the suppliers…' : 'A supplier no longer in the list'}</option>}
        {suppliers.map((supplier) => (
          <option key={supplier.id} value={String(supplier.id)}>
            {supplier.name}
          </option>
        ))}
      </SelectFilter>
      {names.isError && (
        <ErrorState
          message={`We could not load the list of suppliers. ${describeApiFailure(names.error)}`}
          retryLabel="Load the suppliers again"
          onRetry={() => void names.refetch()}
        />
      )}
    </>
  );
}

/** The action filter: any action, every action of one kind of record, or one action. */
function ActionSelect({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <SelectFilter id={AUDIT_FILTER_IDS.action} label="Action" value={value} error={error} onChange={onChange}>
      <option value="">Any action</option>
      {AUDIT_ACTION_GROUPS.map((group) => (
        <optgroup key={group.prefix} label={group.label}>
          <option value={group.prefix}>Any of these</option>
          {Object.entries(group.actions).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectFilter>
  );
}

function TextFilter({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className={fieldClass(error)}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <p className="form-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={id} error={error} />
      <input
        id={id}
        className="form-field__input"
        type="text"
        value={value}
        // The API's limit plus one: a longer paste is refused with a message, not cut silently.
        maxLength={MAX_PERSON_LENGTH + 1}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, { hasHint: true, error })}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

function EmptyAuditLog({ query, total, searchParams }: { query: AuditLogQuery; total: number; searchParams: URLSearchParams }) {
  if (total > 0 && isPastFirstPage(query)) {
    return (
      <div className="empty-state">
        <p>There are no entries on page {query.page}.</p>
        <p>
          <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
        </p>
      </div>
    );
  }
  if (isFiltered(query)) {
    return (
      <div className="empty-state">
        <p>No entries match these filters.</p>
        <p>
          <Link to={auditLogPaths.auditLog()}>Show every entry</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>Nothing has been recorded yet. Every change people make in the portal will show here.</p>
    </div>
  );
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <DataTable caption="Audit log entries, the newest first" columns={['When', 'Who', 'Action', 'What it concerned']}>
      {entries.map((entry) => {
        const subject = auditSubjectLabel(entry.subject.entity);
        const subjectName = auditSubjectName(entry.details);
        return (
          <DataRow key={entry.id}>
            <RowHeader>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </RowHeader>
            <DataCell label="Who">
              {entry.actor === null ? (
                'The system'
              ) : (
                <>
                  {entry.actor.name}
                  <span className="list-table__detail audit-table__email">{entry.actor.email}</span>
                </>
              )}
            </DataCell>
            <DataCell label="Action">{auditActionLabel(entry.action)}</DataCell>
            <DataCell label="What it concerned">
              {entry.supplier !== null && (
                <FilterLink param="supplier" id={entry.supplier.id}>
                  {entry.supplier.name ?? 'A deleted supplier'}
                  <span className="visually-hidden">: show only this supplier&apos;s entries</span>
                </FilterLink>
              )}
              <span className={entry.supplier === null ? 'audit-table__subject' : 'list-table__detail audit-table__subject'}>
                {subjectName === undefined || subjectName === entry.supplier?.name ? subject : `${subject}: ${subjectName}`}
              </span>
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
