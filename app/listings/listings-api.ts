/**
 * The supplier's service listing calls (issue 30): GET /api/v1/listing (the services it may list,
 * each with its listing), GET /api/v1/listing/{serviceId} (one listing with its form), PUT
 * /api/v1/listing/{serviceId} (saving the working copy), POST /api/v1/listing/{serviceId}/send
 * (sending it for review), and the listing template's download and reading. Keys carry the
 * active supplier, so a switch of supplier never shows another's listings.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { UPLOAD_FILE_FIELD } from '../../common/api/uploads';
import {
  ReadListingTemplateResponseSchema,
  SaveServiceListingResponseSchema,
  SendServiceListingResponseSchema,
  ServiceListingListResponseSchema,
  ServiceListingResponseSchema,
  type ReadListingTemplateResponse,
  type SaveServiceListingRequest,
  type SendServiceListingRequest,
  type SendServiceListingResponse,
  type ServiceListingResponse,
} from '../../common/api/service-listings';
import type { FormData } from '../../common/forms/definition';
import { isListingEditable, isListingSendable } from '../../common/listings/service-listings';
import { apiFetch } from '../lib/api';

export const listingQueryKeys = {
  all: (supplierId: number) => ['service-listings', supplierId] as const,
  list: (supplierId: number) => ['service-listings', supplierId, 'list'] as const,
  listing: (supplierId: number, serviceId: number) => ['service-listings', supplierId, 'listing', serviceId] as const,
};

/** Every service the active supplier may list, by catalogue and title. */
export function useServiceListings(supplierId: number) {
  return useQuery({
    queryKey: listingQueryKeys.list(supplierId),
    queryFn: ({ signal }) => apiFetch('listing', ServiceListingListResponseSchema, { signal }),
  });
}

/** The listing of one service, with its form; idle for an address that names no service (id 0). */
export function useServiceListing(supplierId: number, serviceId: number) {
  return useQuery({
    queryKey: listingQueryKeys.listing(supplierId, serviceId),
    queryFn: ({ signal }) => apiFetch(`listing/${String(serviceId)}`, ServiceListingResponseSchema, { signal }),
    enabled: serviceId > 0,
  });
}

/**
 * Saves the working copy's answers, with the `lastEdited` the screen loaded (409 when someone saved
 * since). The cached listing becomes what was saved, so the next screen draws at once; the list is
 * refreshed for its status.
 */
export async function saveListingAnswers(
  queryClient: QueryClient,
  supplierId: number,
  listing: ServiceListingResponse,
  data: ServiceListingResponse['data'],
): Promise<ServiceListingResponse> {
  const body: SaveServiceListingRequest = {
    form: { key: listing.form.key, version: listing.form.version },
    data,
    ...(listing.lastEdited === null ? {} : { lastEdited: listing.lastEdited }),
  };
  const saved = await apiFetch(`listing/${String(listing.service.id)}`, SaveServiceListingResponseSchema, { method: 'PUT', body });
  const updated: ServiceListingResponse = {
    ...listing,
    id: saved.id,
    data,
    status: saved.status,
    lastEdited: saved.lastEdited,
    files: saved.files,
    isEditable: isListingEditable(saved.status),
    isSendable: isListingSendable(saved.status),
  };
  queryClient.setQueryData(listingQueryKeys.listing(supplierId, listing.service.id), updated);
  await queryClient.invalidateQueries({ queryKey: listingQueryKeys.list(supplierId) });
  return updated;
}

/** Saves one step's answers into the working copy (see `saveListingAnswers`). */
export function saveListingStep(
  queryClient: QueryClient,
  supplierId: number,
  listing: ServiceListingResponse,
  stepId: string,
  answers: FormData,
): Promise<ServiceListingResponse> {
  return saveListingAnswers(queryClient, supplierId, listing, { ...listing.data, [stepId]: answers });
}

/** The listing template's address in the API: a spreadsheet of the service's questions with the answers so far. */
export function listingTemplatePath(serviceId: number): string {
  return `listing/${String(serviceId)}/template.xlsx`;
}

/** Reads a filled-in template into the listing's answers, for the supplier to check; the server stores nothing. */
export function readListingTemplate(serviceId: number, file: File): Promise<ReadListingTemplateResponse> {
  const form = new globalThis.FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return apiFetch(`listing/${String(serviceId)}/template`, ReadListingTemplateResponseSchema, { method: 'POST', body: form });
}

/** Sends the saved working copy for review; the listing and the list are loaded afresh. */
export async function sendListing(queryClient: QueryClient, supplierId: number, listing: ServiceListingResponse): Promise<SendServiceListingResponse> {
  const body: SendServiceListingRequest = { lastEdited: listing.lastEdited ?? '' };
  const sent = await apiFetch(`listing/${String(listing.service.id)}/send`, SendServiceListingResponseSchema, { method: 'POST', body });
  await queryClient.invalidateQueries({ queryKey: listingQueryKeys.all(supplierId) });
  return sent;
}
