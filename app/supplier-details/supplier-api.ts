/**
 * The supplier details calls of spec §7: GET /api/v1/user/details, GET
 * /api/v1/supplier-registration/update_form and PUT /api/v1/supplier-registration; GET
 * /api/v1/user/listings, the supplier's listings as buyers see them; and DELETE
 * /api/v1/supplier-registration/pending-change, withdrawing a change waiting for the team's review.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NoContentResponseSchema } from '../../common/api/http';
import { FormDefinitionResponseSchema } from '../../common/api/forms';
import { SupplierDetailsSchema, type SupplierDetails, type UpdateSupplierDetailsRequest } from '../../common/api/supplier-details';
import { PublicListingSchema } from '../../common/api/supplier-listing';
import type { FormData } from '../../common/forms/definition';
import { apiFetch } from '../lib/api';

export const supplierQueryKeys = {
  details: (supplierId: number) => ['supplier-details', supplierId] as const,
  form: ['supplier-details-form'] as const,
  listing: (supplierId: number) => ['supplier-listing', supplierId] as const,
};

/** The active supplier's details. Spec §8: a failed load clears the data; the screen shows the error alone. */
export function useSupplierDetails(supplierId: number) {
  return useQuery({
    queryKey: supplierQueryKeys.details(supplierId),
    queryFn: ({ signal }) => apiFetch('user/details', SupplierDetailsSchema, { signal }),
  });
}

/** The active supplier's published listings, grouped as its public profile groups them. */
export function usePublicListing(supplierId: number) {
  return useQuery({
    queryKey: supplierQueryKeys.listing(supplierId),
    queryFn: ({ signal }) => apiFetch('user/listings', PublicListingSchema, { signal }),
  });
}

export function useSupplierDetailsForm() {
  return useQuery({
    queryKey: supplierQueryKeys.form,
    queryFn: ({ signal }) => apiFetch('supplier-registration/update_form', FormDefinitionResponseSchema, { signal }),
    staleTime: Infinity,
  });
}

/** Saves changed answers; on success the cached details become the answer. */
export async function saveSupplierDetails(
  queryClient: QueryClient,
  supplierId: number,
  lastEdited: string,
  answers: FormData,
): Promise<SupplierDetails> {
  const saved: SupplierDetails = await apiFetch('supplier-registration', SupplierDetailsSchema, {
    method: 'PUT',
    body: { ...answers, last_edited: lastEdited } satisfies UpdateSupplierDetailsRequest,
  });
  queryClient.setQueryData(supplierQueryKeys.details(supplierId), saved);
  return saved;
}

/** Withdraws the change of legal name or business numbers waiting for review; the details are loaded afresh. */
export function useWithdrawPendingChange(supplierId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('supplier-registration/pending-change', NoContentResponseSchema, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supplierQueryKeys.details(supplierId) }),
  });
}
