/**
 * Factories for the agency tests: a visitor of the agency form page (its cookie and token), and
 * complete answers to every step. Only tests import this file.
 */
import type { App } from '../../app-type';
import { SECURITY_TOKEN_HEADER } from '../../../common/public-form';
import { bodyTokenOf, sessionCookieOf, type PublicFormVisitor } from '../../http/public-form-test-support';

/** Opens the agency form page as a new visitor, as a browser would. */
export async function openAgencyForm(app: App, path = '/agency-form', forwardedFor?: string): Promise<PublicFormVisitor> {
  const response = await app.inject({ method: 'GET', url: path, ...(forwardedFor === undefined ? {} : { remoteAddress: forwardedFor }) });
  const cookie = sessionCookieOf(response);
  const token = bodyTokenOf(response.body);
  if (cookie === undefined || token === undefined) {
    throw new Error(`the agency form page gave no session cookie or token (status ${response.statusCode})`);
  }
  return { cookie, token, headers: { cookie, [SECURITY_TOKEN_HEADER]: token } };
}

export const STEP_ONE_ANSWERS = {
  agency_name: 'Ministry of Tides',
  agency_type: 'public_service_department',
  contact_name: 'Aroha Ngata',
  contact_role: 'Procurement manager',
  contact_email: 'aroha@tides.govt.example',
  contact_phone: '04 555 0199',
} as const;

export const COMPLETE_ANSWERS = {
  ...STEP_ONE_ANSWERS,
  terms_accepted: true,
  procurement_contact_name: 'Tane Mahuta',
  procurement_contact_email: 'procurement@tides.govt.example',
  finance_contact_name: 'Mere Finance',
  finance_contact_email: 'invoices@tides.govt.example',
  typical_spend: '100k_1m',
  services_of_interest: ['Cyber security'],
} as const;
