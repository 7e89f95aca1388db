/**
 * The team's audit log calls (/api/v1/admin/audit) and the choice of supplier it filters by
 * (/api/v1/admin/suppliers/names) as TanStack Query hooks, each answer checked against its schema
 * in common/api. The CSV export is downloaded with the signed-in token (../lib/lists/csv-download.tsx).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditListResponseSchema } from '../../common/api/audit';
import { TeamSupplierNamesResponseSchema } from '../../common/api/team-suppliers';
import { apiFetch } from '../lib/api';
import { auditListPath, type AuditLogQuery } from './audit-log-params';

export const auditLogQueryKeys = {
  entries: (query: AuditLogQuery) => ['team', 'audit', query] as const,
  supplierNames: ['team', 'supplier-names'] as const,
};

/** A page of the entries the filters match, newest first. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditLogQueryKeys.entries(query),
    queryFn: ({ signal }) => apiFetch(auditListPath(query), AuditListResponseSchema, { signal }),
    // A new page or filter keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** Every supplier's id and trading name, by name: the supplier filter's choices. */
export function useSupplierNames() {
  return useQuery({
    queryKey: auditLogQueryKeys.supplierNames,
    queryFn: ({ signal }) => apiFetch('admin/suppliers/names', TeamSupplierNamesResponseSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
