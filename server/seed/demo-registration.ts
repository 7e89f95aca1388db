/**
 * One pending public registration, so the team's registration queue is not empty on first start:
 * Matai Analytics registered through the wizard and waits for a decision. Its answers are valid on
 * the registration form's first version (a test checks them against it).
 */
import { asc, eq } from 'drizzle-orm';
import type { FormData } from '../../common/forms/definition';
import type { Database } from '../db/client';
import { catalogues, supplierRegistrations, services } from '../db/schema/index';
import { REGISTRATION_FORM_KEY, registrationFormV1 } from '../db/content/registration-form';

export const DEMO_REGISTRATION_NZBN = '9429031234566';
const SUBMITTED_AT = Date.UTC(2026, 9, 20, 22, 15);

/** The demo registration's answers, choosing services of the given catalogue. */
export function demoRegistrationAnswers(choice: { channelId: number; catalogueId: number; serviceIds: number[] }): FormData {
  return {
    business_country: 'New Zealand',
    nzbn: DEMO_REGISTRATION_NZBN,
    trading_name: 'Mātai Analytics',
    legal_name: 'Matai Analytics Limited',
    registrant_name: 'Hemi Walker',
    registrant_email: 'hemi@matai-analytics.example',
    registered_address: { line_1: '22 Victoria Street', city: 'Hamilton', postcode: '3204', country: 'New Zealand' },
    same_as_head_office: 'yes',
    contact_email: 'kiaora@matai-analytics.example',
    contact_phone: '07 555 0199',
    website: 'https://matai-analytics.example',
    type_of_company: 'Limited liability company',
    company_status: 'Registered',
    business_owner: 'Hemi Walker',
    maori_business: 'yes',
    gst_status: 'registered',
    gst_number: '49091850',
    size_of_company: '2-19',
    years_in_business: 4,
    operational_location: 'Waikato, Bay of Plenty and remotely across New Zealand',
    pay_debts: 'yes',
    insolvency_proceedings: 'no',
    submit_financial_statement: 'no',
    has_been_investigated: 'no',
    has_disputes: 'no',
    has_legal: 'no',
    insurance: { public_liability: 2_000_000, personal_indemnity: 1_000_000 },
    channel: choice.channelId,
    initial_catalogue: choice.catalogueId,
    services: choice.serviceIds,
    declaration_true: true,
    declaration_checks: true,
    declaration_authority: true,
  };
}

export async function insertDemoRegistration(tx: Database): Promise<void> {
  const rows = await tx
    .select({ channelId: catalogues.channelId, catalogueId: catalogues.id, serviceId: services.id })
    .from(services)
    .innerJoin(catalogues, eq(services.catalogueId, catalogues.id))
    .orderBy(asc(catalogues.channelId), asc(catalogues.position), asc(services.id))
    .limit(2);
  const [first] = rows;
  if (!first) {
    return;
  }
  const serviceIds = rows.filter((row) => row.catalogueId === first.catalogueId).map((row) => row.serviceId);
  const answers = demoRegistrationAnswers({ channelId: first.channelId, catalogueId: first.catalogueId, serviceIds });
  await tx.insert(supplierRegistrations).values({
    referenceId: 'REG-DEMO-0001',
    formKey: REGISTRATION_FORM_KEY,
    formVersion: registrationFormV1.version,
    answers,
    tradingName: 'Mātai Analytics',
    nzbn: DEMO_REGISTRATION_NZBN,
    registrantName: 'Hemi Walker',
    registrantEmail: 'hemi@matai-analytics.example',
    createdAt: new Date(SUBMITTED_AT),
  });
}
