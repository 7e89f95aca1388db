/**
 * The agency form's calls (spec §7): the form definition and a saved application, read with the
 * page's security token (sent only when the page carries one), and the saves and the submission.
 */
import { useQuery } from '@tanstack/react-query';
import {
  AgencyApplicationResponseSchema,
  type AgencyApplicationResponse,
  type SaveAgencyApplicationRequest,
  type SubmitAgencyApplicationRequest,
} from '../../common/api/agencies';
import { FormDefinitionResponseSchema } from '../../common/api/forms';
import type { FormData } from '../../common/forms/definition';
import { apiFetch } from '../lib/api';
import { securityTokenHeaders } from '../lib/security-token';

export function fetchAgencyForm() {
  return apiFetch('agency-form', FormDefinitionResponseSchema, { headers: securityTokenHeaders() });
}

/** The form definition (spec §3: stored as formData); a form version never changes. */
export function useAgencyForm() {
  return useQuery({ queryKey: ['agency-form'], queryFn: fetchAgencyForm, staleTime: Infinity });
}

export function fetchAgencyApplication(id: string): Promise<AgencyApplicationResponse> {
  return apiFetch(`agency-form/application/${encodeURIComponent(id)}`, AgencyApplicationResponseSchema, { headers: securityTokenHeaders() });
}

/** Saves the answers so far: a new application without an id, else that one. */
export function saveAgencyApplication(id: string | undefined, request: SaveAgencyApplicationRequest): Promise<AgencyApplicationResponse> {
  return apiFetch(id === undefined ? 'agency-form/application' : `agency-form/application/${encodeURIComponent(id)}`, AgencyApplicationResponseSchema, {
    method: id === undefined ? 'POST' : 'PUT',
    body: request,
    headers: securityTokenHeaders(),
  });
}

export function submitAgencyApplication(id: string, answers: FormData): Promise<AgencyApplicationResponse> {
  return apiFetch(`agency-form/application/${encodeURIComponent(id)}/submit`, AgencyApplicationResponseSchema, {
    method: 'POST',
    body: { answers } satisfies SubmitAgencyApplicationRequest,
    headers: securityTokenHeaders(),
  });
}
