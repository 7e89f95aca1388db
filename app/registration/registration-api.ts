/** The register app's calls (spec §7): each sends the page's security token. */
import {
  CheckSupplierResponseSchema,
  SubmitRegistrationResponseSchema,
  type SubmitRegistrationResponse,
  type SubmitRegistrationRequest,
} from '../../common/api/registration';
import type { BusinessNumberKind } from '../../common/business-numbers';
import type { FormData } from '../../common/forms/definition';
import { stripKeyPrefixes } from '../../common/registration/answers';
import { apiFetch } from '../lib/api';
import { securityTokenHeaders } from '../lib/security-token';

/** GET /check-supplier: whether a business with this number is registered or waiting for the team. */
export async function checkSupplierRegistered(kind: BusinessNumberKind, number: string): Promise<boolean> {
  const query = new URLSearchParams({ [kind]: number.trim() });
  const answer = await apiFetch(`check-supplier?${query.toString()}`, CheckSupplierResponseSchema, { headers: securityTokenHeaders() });
  return answer.registered;
}

/** POST /supplier-registration: the flat answers, their step-number prefixes stripped (spec §3). */
export function submitRegistration(formVersion: number, answers: FormData): Promise<SubmitRegistrationResponse> {
  return apiFetch('supplier-registration', SubmitRegistrationResponseSchema, {
    method: 'POST',
    headers: securityTokenHeaders(),
    body: { formVersion, answers: stripKeyPrefixes(answers) } satisfies SubmitRegistrationRequest,
  });
}
