/**
 * The applications calls of spec §7 as TanStack Query hooks, and the in-progress application of
 * the apply screens: one query per reference id (`new` before the first save) that the screens
 * update after each save, so the `lastEdited` of a save goes with the next.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ApplicationListResponseSchema,
  ApplicationResponseSchema,
  HeldServicesResponseSchema,
  REFERENCE_ID_PATTERN,
  SaveApplicationResponseSchema,
  type ApplicationData,
  type ApplicationResponse,
  type SaveApplicationRequest,
} from '../../common/api/applications';
import { DirectoryTreeSchema } from '../../common/api/directory';
import { FormDefinitionResponseSchema, type FormDefinitionResponse } from '../../common/api/forms';
import { NoContentResponseSchema } from '../../common/api/http';
import { INCOMPLETE, type ApplicationStatus } from '../../common/application-stages';
import { INITIAL_PROGRESS } from '../../common/constants';
import { apiFetch, ApiError } from '../lib/api';
import { listQueryPath } from '../lib/lists/url-params';

export const applicationQueryKeys = {
  all: ['applications'] as const,
  list: (query: SupplierApplicationsQuery) => ['applications', 'list', query.status ?? 'all', query.page ?? 1] as const,
  one: (id: number) => ['applications', 'one', id] as const,
  draft: (referenceId: string | undefined) => ['application-draft', referenceId ?? 'new'] as const,
  channels: ['channels'] as const,
  heldServices: ['applications', 'held-services'] as const,
};

/** The application being written: what was loaded or last saved, and the answers so far. */
export interface ApplicationDraft {
  /** Unset until the first save. */
  id?: number;
  referenceId?: string;
  lastEdited?: string;
  /** The form composed for the chosen services; unset until services are chosen. */
  form?: FormDefinitionResponse;
  data: ApplicationData;
  progress: number;
  /** Whether it can still be changed follows from it (isApplicationEditable). */
  status: ApplicationStatus;
  /** Names of uploaded files, by id. */
  files: Record<string, string>;
}

export function emptyDraft(): ApplicationDraft {
  return { data: { services: [], answers: {} }, progress: INITIAL_PROGRESS, status: INCOMPLETE, files: {} };
}

export function draftOf(application: ApplicationResponse): ApplicationDraft {
  return {
    id: application.id,
    referenceId: application.referenceId,
    lastEdited: application.lastEdited,
    form: application.form,
    data: application.data,
    progress: application.progress,
    status: application.status,
    files: application.files,
  };
}

export function fetchApplication(id: number, signal?: AbortSignal): Promise<ApplicationResponse> {
  return apiFetch(`application/${String(id)}`, ApplicationResponseSchema, { signal });
}

/** The supplier's application with that reference id (the API reads applications by id). */
async function fetchApplicationByReference(referenceId: string, signal?: AbortSignal): Promise<ApplicationResponse> {
  // A reference typed wrongly into the URL is no application of theirs either.
  const summary = new RegExp(REFERENCE_ID_PATTERN).test(referenceId)
    ? (await apiFetch(`application?referenceId=${encodeURIComponent(referenceId)}`, ApplicationListResponseSchema, { signal })).applications[0]
    : undefined;
  if (!summary) {
    throw new ApiError(404, { error: 'Not Found', message: `You have no application with the reference ${referenceId}.` });
  }
  return fetchApplication(summary.id, signal);
}

/** A page of the supplier's applications: of one status, or all (`?status=&page=` of /applications). */
export interface SupplierApplicationsQuery {
  status?: ApplicationStatus;
  page?: number;
}

export function useApplications(query: SupplierApplicationsQuery) {
  return useQuery({
    queryKey: applicationQueryKeys.list(query),
    queryFn: ({ signal }) => apiFetch(listQueryPath('application', query), ApplicationListResponseSchema, { signal }),
  });
}

export function useApplication(id: number) {
  return useQuery({
    queryKey: applicationQueryKeys.one(id),
    queryFn: ({ signal }) => fetchApplication(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The in-progress application: loaded once by reference id, then kept as the screens save it. */
export function useApplicationDraft(referenceId: string | undefined) {
  return useQuery({
    queryKey: applicationQueryKeys.draft(referenceId),
    queryFn: async ({ signal }) => (referenceId === undefined ? emptyDraft() : draftOf(await fetchApplicationByReference(referenceId, signal))),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useChannels() {
  return useQuery({
    queryKey: applicationQueryKeys.channels,
    queryFn: ({ signal }) => apiFetch('channel', DirectoryTreeSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The services the active supplier cannot apply for again (approved, or in an application being assessed). */
export function useHeldServices() {
  return useQuery({
    queryKey: applicationQueryKeys.heldServices,
    queryFn: ({ signal }) => apiFetch('service/held', HeldServicesResponseSchema, { signal }),
  });
}

/** The form a new application for those services is written on. */
export function fetchSupplierForm(serviceIds: readonly number[]): Promise<FormDefinitionResponse> {
  return apiFetch(`supplier-form?services=${serviceIds.join(',')}`, FormDefinitionResponseSchema);
}

export interface SaveChanges {
  data: ApplicationData;
  progress: number;
  status: 'incomplete' | 'submitted';
  /** The form, when the services changed it. */
  form?: FormDefinitionResponse;
}

/**
 * Saves (or submits) the draft with those changes, sending the `lastEdited` of the last load or
 * save; the draft query then holds the saved state under its reference id, except a submission's,
 * which the success screen takes once it shows (apply-review-screens.tsx).
 */
export async function saveDraft(queryClient: QueryClient, draft: ApplicationDraft, changes: SaveChanges): Promise<ApplicationDraft> {
  const form = changes.form ?? draft.form;
  if (!form) {
    throw new Error('An application is saved once its services are chosen');
  }
  const request: SaveApplicationRequest = {
    ...(draft.referenceId === undefined ? {} : { referenceId: draft.referenceId, lastEdited: draft.lastEdited }),
    // An application stays on the form version it was started on.
    form: { key: draft.form?.key ?? form.key, version: draft.form?.version ?? form.version },
    progress: Math.min(100, changes.progress),
    application: changes.data,
    status: changes.status,
  };
  const saved = await apiFetch('application', SaveApplicationResponseSchema, { method: 'POST', body: request });
  const next: ApplicationDraft = {
    ...draft,
    id: saved.applicationId,
    referenceId: saved.referenceId,
    lastEdited: saved.lastEdited,
    form,
    data: changes.data,
    progress: request.progress,
    status: changes.status,
  };
  // A submitted application's draft is left as it was: taken here, the draft would no longer be
  // editable while the confirm screen still shows, and the apply layout would send the visitor to
  // the details itself, racing the move to the success screen and losing it.
  if (changes.status !== 'submitted') {
    queryClient.setQueryData(applicationQueryKeys.draft(saved.referenceId), next);
  }
  if (draft.referenceId === undefined) {
    queryClient.removeQueries({ queryKey: applicationQueryKeys.draft(undefined) });
  }
  void queryClient.invalidateQueries({ queryKey: applicationQueryKeys.all });
  return next;
}

/** Loads the draft again from the server (after a 409, or when services changed the form). */
export async function reloadDraft(queryClient: QueryClient, id: number): Promise<ApplicationDraft> {
  const draft = draftOf(await fetchApplication(id));
  queryClient.setQueryData(applicationQueryKeys.draft(draft.referenceId), draft);
  return draft;
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`application/${String(id)}`, NoContentResponseSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationQueryKeys.all }),
  });
}
