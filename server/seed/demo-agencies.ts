/**
 * Demo agency registrations (spec §3 "Agency application"): four approved agencies, the source list
 * of engagement notices, and one submitted registration awaiting the team's decision. Their resume
 * links were never sent, so each stores the hash of a random id nobody holds. Then the demo agency's
 * people (issue 31) and the demo buyer's shared shortlist.
 */
import { createHash, randomBytes } from 'node:crypto';
import { agencyFormV1 } from '../db/content/agency-form';
import type { Database } from '../db/client';
import { inArray } from 'drizzle-orm';
import { agencyApplications, agencyMemberships, invitations, shortlists, shortlistSuppliers, users } from '../db/schema/index';

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

const REGIONAL_DEVELOPMENT = 'Ministry for Regional Development';

/** The people of the demo's agency (issue 31): the demo buyer, its admin, and a colleague. */
const demoAgencyPeople = [
  { email: 'buyer@example.com', agency: REGIONAL_DEVELOPMENT, isAdmin: true },
  { email: 'hana.wiremu@regional.govt.example', agency: REGIONAL_DEVELOPMENT, isAdmin: false },
] as const;

/**
 * The demo agency's people, and a colleague invited but not joined yet, so its people screen shows
 * both lists on first start. The invitation's link was never sent: its hash is of a token nobody holds.
 */
export async function insertDemoAgencyPeople(tx: Database, now: Date): Promise<void> {
  const agencies = await tx
    .select({ id: agencyApplications.id, name: agencyApplications.agencyName })
    .from(agencyApplications)
    .where(inArray(agencyApplications.agencyName, demoAgencyPeople.map((person) => person.agency)));
  const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, demoAgencyPeople.map((person) => person.email)));
  const agencyId = (name: string) => {
    const id = agencies.find((agency) => agency.name === name)?.id;
    if (id === undefined) {
      throw new Error(`Demo agency "${name}" is missing`);
    }
    return id;
  };
  await tx.insert(agencyMemberships).values(
    demoAgencyPeople.map((person) => {
      const userId = people.find((user) => user.email === person.email)?.id;
      if (userId === undefined) {
        throw new Error(`Demo agency person ${person.email} is missing`);
      }
      return { agencyId: agencyId(person.agency), userId, isAdmin: person.isAdmin };
    }),
  );
  await tx.insert(invitations).values({
    agencyId: agencyId(REGIONAL_DEVELOPMENT),
    email: 'rawiri.kingi@regional.govt.example',
    name: 'Rawiri Kingi',
    isAdmin: false,
    tokenHash: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
    invitedByUserId: people.find((user) => user.email === 'buyer@example.com')?.id ?? null,
    expiresAt: new Date(now.getTime() + 6 * DAY_MS),
    createdAt: new Date(now.getTime() - DAY_MS),
  });
}

/** The demo buyer's shortlist (issue 31), shared with the agency, so the shortlists screens show one on first start. */
const demoShortlist = {
  name: 'Regional portal, phase 2',
  suppliers: [
    { tradingName: 'Kōwhai Digital', note: 'Built phase 1. Ask about a support retainer.' },
    { tradingName: 'Rangitoto Cloud', note: 'Hosting quote due before Christmas.' },
  ],
};

export async function insertDemoShortlists(tx: Database, supplierIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const [agency] = await tx.select({ id: agencyApplications.id }).from(agencyApplications).where(inArray(agencyApplications.agencyName, [REGIONAL_DEVELOPMENT]));
  const [buyer] = await tx.select({ id: users.id }).from(users).where(inArray(users.email, ['buyer@example.com']));
  if (!agency || !buyer) {
    throw new Error('The demo agency or its buyer is missing');
  }
  const updatedAt = new Date(now.getTime() - 2 * DAY_MS);
  const [made] = await tx
    .insert(shortlists)
    .values({ agencyId: agency.id, name: demoShortlist.name, isShared: true, createdByUserId: buyer.id, createdAt: new Date(now.getTime() - 9 * DAY_MS), updatedAt })
    .returning({ id: shortlists.id });
  if (!made) {
    throw new Error('Insert returned no row');
  }
  await tx.insert(shortlistSuppliers).values(
    demoShortlist.suppliers.map(({ tradingName, note }) => {
      const supplierId = supplierIds.get(tradingName);
      if (supplierId === undefined) {
        throw new Error(`Demo supplier "${tradingName}" is missing`);
      }
      return { shortlistId: made.id, supplierId, note, addedByUserId: buyer.id, addedAt: updatedAt };
    }),
  );
}
