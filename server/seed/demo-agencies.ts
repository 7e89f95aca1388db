/**
 * Demo agency registrations (spec §3 "Agency application"): four approved agencies, the source list
 * of engagement notices, and one submitted registration awaiting the team's decision. Their resume
 * links were never sent, so each stores the hash of a random id nobody holds.
 */
import { createHash, randomBytes } from 'node:crypto';
import { agencyFormV1 } from '../db/content/agency-form';
import type { Database } from '../db/client';
import { agencyApplications } from '../db/schema/index';

const DAY_MS = 86_400_000;
const FIRST_SUBMITTED_AT = Date.UTC(2026, 7, 3, 22, 0);

interface DemoAgency {
  name: string;
  type: string;
  contact: string;
  role: string;
  email: string;
  spend: string;
  services: string[];
  status: 'approved' | 'submitted';
}

export const demoAgencies: readonly DemoAgency[] = [
  { name: 'Ministry for Regional Development', type: 'public_service_department', contact: 'Hana Wiremu', role: 'Head of procurement', email: 'procurement@regional.govt.example', spend: '1m_10m', services: ['Digital and ICT services', 'Data and analytics'], status: 'approved' },
  { name: 'Te Awa District Council', type: 'local_government', contact: 'Sam Patel', role: 'Contracts adviser', email: 'contracts@teawa.govt.example', spend: '100k_1m', services: ['Cloud services and software'], status: 'approved' },
  { name: 'Crown Heritage Trust', type: 'crown_entity', contact: 'Olivia Chen', role: 'Chief financial officer', email: 'finance@heritage.govt.example', spend: 'under_100k', services: ['Professional and advisory services'], status: 'approved' },
  { name: 'Northern Polytechnic', type: 'tertiary_institution', contact: 'Liam Brown', role: 'IT procurement lead', email: 'it.procurement@northpoly.example', spend: '100k_1m', services: ['Cyber security', 'Training and change management'], status: 'approved' },
  { name: 'Coastal Transport Authority', type: 'crown_entity', contact: 'Mere Tipene', role: 'Procurement manager', email: 'procurement@coastaltransport.govt.example', spend: '1m_10m', services: ['Digital and ICT services', 'Cyber security'], status: 'submitted' },
];

/** Answers that pass every step of the agency form. */
function answersOf(agency: DemoAgency): Record<string, unknown> {
  const domain = agency.email.split('@')[1] ?? 'agency.example';
  return {
    agency_name: agency.name,
    agency_type: agency.type,
    contact_name: agency.contact,
    contact_role: agency.role,
    contact_email: agency.email,
    contact_phone: '04 555 0142',
    terms_accepted: true,
    procurement_contact_name: agency.contact,
    procurement_contact_email: agency.email,
    finance_contact_name: 'Accounts payable',
    finance_contact_email: `accounts@${domain}`,
    purchase_order_required: 'yes',
    typical_spend: agency.spend,
    services_of_interest: agency.services,
  };
}

export async function insertDemoAgencies(tx: Database): Promise<void> {
  await tx.insert(agencyApplications).values(
    demoAgencies.map((agency, index) => {
      const submittedAt = new Date(FIRST_SUBMITTED_AT + index * 9 * DAY_MS);
      const isApproved = agency.status === 'approved';
      return {
        resumeTokenHash: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
        formVersion: agencyFormV1.version,
        data: answersOf(agency),
        status: agency.status,
        lastStep: 4,
        agencyName: agency.name,
        contactEmail: agency.email,
        expiresAt: new Date(submittedAt.getTime() + 30 * DAY_MS),
        submittedAt,
        decidedAt: isApproved ? new Date(submittedAt.getTime() + 2 * DAY_MS) : null,
        createdAt: new Date(submittedAt.getTime() - DAY_MS),
        lastEdited: isApproved ? new Date(submittedAt.getTime() + 2 * DAY_MS) : submittedAt,
      };
    }),
  );
}
