/**
 * The engagement notice and billing report calls of spec §7 as TanStack Query hooks. Both records
 * have the same shape (id, form, data, progress, status), so one set of hooks serves both, given
 * the record's kind (`./reporting-kinds.ts`). The record being written is one query per id (`new`
 * before its first save) that the screens update after each save, so the `lastEdited` of a save
 * goes with the next.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import {
  BillingReportListResponseSchema,
  BillingReportResponseSchema,
  SaveBillingReportResponseSchema,
  type BillingReportListQuery,
  type SaveBillingReportRequest,
} from '../../common/api/billing-reports';
import {
  EngagementNoticeListResponseSchema,
  EngagementNoticeResponseSchema,
  SaveEngagementNoticeResponseSchema,
  type EngagementNoticeListQuery,
  type ReportingAnswers,
  type SaveEngagementNoticeRequest,
  type WithdrawEngagementNoticeRequest,
} from '../../common/api/engagement-notices';
import { FormDefinitionResponseSchema, type FormDefinitionResponse } from '../../common/api/forms';
import { NoContentResponseSchema } from '../../common/api/http';
import { INITIAL_PROGRESS } from '../../common/constants';
import type { RecordStatus, SaveStatus } from '../../common/reporting/record-status';
import type { ConfidentialityRequest } from '../../common/api/confidentiality';
import { apiFetch } from '../lib/api';
import { listSearch } from '../lib/lists/url-params';
import { engagementNoticeKind, type ReportingKind } from './reporting-kinds';


const listQuerySchemas = {
  'engagement-notice': EngagementNoticeListResponseSchema,
  'billing-report': BillingReportListResponseSchema,
} as const;

const recordSchemas = {
  'engagement-notice': EngagementNoticeResponseSchema,
  'billing-report': BillingReportResponseSchema,
} as const;

export type RecordOf<K extends ReportingKind> = Static<(typeof recordSchemas)[K['model']]>;
export type ListOf<K extends ReportingKind> = Static<(typeof listQuerySchemas)[K['model']]>;
export type ListQueryOf<K extends ReportingKind> = K['model'] extends 'engagement-notice' ? EngagementNoticeListQuery : BillingReportListQuery;

export const reportingQueryKeys = {
  all: (kind: ReportingKind) => [kind.model] as const,
  list: (kind: ReportingKind, query: object) => [kind.model, 'list', query] as const,
  one: (kind: ReportingKind, id: number) => [kind.model, 'one', id] as const,
  draft: (kind: ReportingKind, id: number | undefined) => [`${kind.model}-draft`, id ?? 'new'] as const,
};

export function useRecordList<K extends ReportingKind>(kind: K, query: ListQueryOf<K>) {
  return useQuery({
    queryKey: reportingQueryKeys.list(kind, query),
    queryFn: async ({ signal }) => {
      const search = listSearch(query);
      return (await apiFetch(search === '' ? kind.model : `${kind.model}?${search}`, listQuerySchemas[kind.model], { signal })) as ListOf<K>;
    },
    // A new page or filter keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function fetchRecord<K extends ReportingKind>(kind: K, id: number, signal?: AbortSignal): Promise<RecordOf<K>> {
  return apiFetch(`${kind.model}/${String(id)}`, recordSchemas[kind.model], { signal }) as Promise<RecordOf<K>>;
}

export function useRecord<K extends ReportingKind>(kind: K, id: number) {
  return useQuery({
    queryKey: reportingQueryKeys.one(kind, id),
    queryFn: ({ signal }) => fetchRecord(kind, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** A notice or report being written: what was loaded or last saved, and the answers so far. */
export interface ReportingDraft {
  /** Unset until the first save. */
  id?: number;
  lastEdited?: string;
  form: FormDefinitionResponse;
  data: ReportingAnswers;
  progress: number;
  status: RecordStatus;
}

function draftOf(record: RecordOf<ReportingKind>): ReportingDraft {
  return { id: record.id, lastEdited: record.lastEdited, form: record.form, data: record.data, progress: record.progress, status: record.status };
}

async function loadDraft(kind: ReportingKind, id: number | undefined, signal: AbortSignal): Promise<ReportingDraft> {
  if (id === undefined) {
    const form = await apiFetch(`${kind.model}/form`, FormDefinitionResponseSchema, { signal });
    return { form, data: {}, progress: INITIAL_PROGRESS, status: 'draft' };
  }
  return draftOf(await fetchRecord(kind, id, signal));
}

/** The record being written: loaded once by id (a new one's form otherwise), then kept as the screens save it. */
export function useReportingDraft(kind: ReportingKind, id: number | undefined) {
  return useQuery({
    queryKey: reportingQueryKeys.draft(kind, id),
    queryFn: ({ signal }) => loadDraft(kind, id, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export interface DraftChanges {
  data: ReportingAnswers;
  progress: number;
  status: SaveStatus;
}

/**
 * Saves (or submits) the draft with those changes, sending the `lastEdited` of the last load or
 * save; the draft query then holds the saved state under its id. A submission ends the working
 * copy (spec §4 "saving with status Submitted clears the working form"): its draft query goes.
 */
export async function saveDraft(
  queryClient: QueryClient,
  kind: ReportingKind,
  supplierId: number,
  draft: ReportingDraft,
  changes: DraftChanges,
): Promise<ReportingDraft> {
  const request = {
    ...(draft.id === undefined ? {} : { id: draft.id, lastEdited: draft.lastEdited }),
    // A record stays on the form version it was started on.
    form: { key: draft.form.key, version: draft.form.version },
    progress: Math.min(100, Math.max(1, changes.progress)),
    supplierID: supplierId,
    status: changes.status,
  };
  const saved =
    kind.model === 'engagement-notice'
      ? await apiFetch('engagement-notice/save', SaveEngagementNoticeResponseSchema, {
          method: 'POST',
          body: { ...request, engagementNotice: changes.data } satisfies SaveEngagementNoticeRequest,
        }).then((answer) => ({ id: answer.engagementNoticeId, ...answer }))
      : await apiFetch('billing-report/save', SaveBillingReportResponseSchema, {
          method: 'POST',
          body: { ...request, billingReport: changes.data } satisfies SaveBillingReportRequest,
        }).then((answer) => ({ id: answer.billingReportId, ...answer }));
  const next: ReportingDraft = { ...draft, id: saved.id, lastEdited: saved.lastEdited, data: changes.data, progress: request.progress, status: saved.status };
  // A submitted record's working copy is left as it was: the submit screen goes to the record's
  // details with its confirmation first, then drops it (submit-screens.tsx). Dropped or changed
  // here, the draft would load again as submitted and the submission layout would send the visitor
  // to the details itself, racing that navigation and losing the confirmation.
  if (changes.status !== 'submitted') {
    queryClient.setQueryData(reportingQueryKeys.draft(kind, saved.id), next);
  }
  if (draft.id === undefined) {
    queryClient.removeQueries({ queryKey: reportingQueryKeys.draft(kind, undefined) });
  }
  await queryClient.invalidateQueries({ queryKey: reportingQueryKeys.all(kind) });
  return next;
}

export function useDeleteRecord(kind: ReportingKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`${kind.model}/${String(id)}`, NoContentResponseSchema, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: reportingQueryKeys.draft(kind, id) });
      return queryClient.invalidateQueries({ queryKey: reportingQueryKeys.all(kind) });
    },
  });
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: number; request: WithdrawEngagementNoticeRequest }) =>
      apiFetch(`engagement-notice/withdraw/${String(id)}`, EngagementNoticeResponseSchema, { method: 'POST', body: request }),
    onSuccess: (notice) => {
      queryClient.setQueryData(reportingQueryKeys.one(engagementNoticeKind, notice.id), notice);
      return queryClient.invalidateQueries({ queryKey: [engagementNoticeKind.model, 'list'] });
    },
  });
}

/** POST engagement-notice/confidentiality/{id}: the supplier's open data answer (409 once the agency confirmed). */
export function useNoticeConfidentiality(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConfidentialityRequest) =>
      apiFetch(`engagement-notice/confidentiality/${String(id)}`, EngagementNoticeResponseSchema, { method: 'POST', body: request }),
    onSuccess: (notice) => queryClient.setQueryData(reportingQueryKeys.one(engagementNoticeKind, notice.id), notice),
  });
}
