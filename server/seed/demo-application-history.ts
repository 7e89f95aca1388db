/**
 * A year of finished demo applications, so the insights page's "How long applications wait"
 * (server/modules/insights/service.ts, WAIT_STAGES) shows every stage on first start: 22
 * applications of approved suppliers no demo person works for, submitted over the last year
 * (relative to the seed's `now`), each through every stage it passed with its time in
 * `statusTimestamps`:
 * - 18 published: their granted services are the ones the supplier lists (each once), two with
 *   another service declined;
 * - 4 declined: one at Pre-assessment, two at In Progress (their services declined with reasons)
 *   and one at Service Listing Validation (its services granted, never listed).
 * None waits for the team, so the team's queues and counts are as before, and none waits for a
 * supplier. The waits are drawn from a fixed seed (mulberry32) in whole days plus a time of day
 * (the team's in New Zealand working hours), so they are the same for every `now`: only the dates
 * move with it. Answers pass the application form composed for their services.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { referenceIdWith } from '../../common/reference-ids';
import type { Database } from '../db/client';
import { applications, applicationServices, catalogues, channels, services, supplierServices } from '../db/schema/index';
import { ownedBy } from '../db/supplier-scope';
import { answeredApplication } from './demo-application';
import { demoSuppliers, demoUsers } from './demo-suppliers';
import { mulberry32 } from './random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The seed of the waits: change it and every figure changes. */
const HISTORY_SEED = 20_261_130;
/** The seed of the reference ids, apart so the ids do not move the waits. */
const REFERENCE_SEED = 4_242;
/** The first submission this many days before `now`, the last this many; the longest history ends well before `now`. */
const FIRST_SUBMITTED_DAYS_AGO = 345;
const LAST_SUBMITTED_DAYS_AGO = 80;

type Outcome = 'published' | 'declined-at-pre-assessment' | 'declined-at-in-progress' | 'declined-at-listing-validation';

interface PastApplication {
  supplier: string;
  outcome: Outcome;
  /** Also asked for a service it was not granted (a published one only). */
  withDeclinedService?: boolean;
  /** Why it was declined, or why its extra service was. */
  declineReason?: string;
}

/** What a supplier answers on each application: its offer, declarations and capability. */
interface SupplierAnswers {
  offer: Record<string, unknown>;
  declarations: Record<string, unknown>;
  /** The catalogue step's answers but its case study and start date, which depend on when it was submitted. */
  capability: Record<string, unknown>;
  caseStudy: { client: string; description: string; outcome: string };
}

const TOTARA = 'Tōtara Property Services';
const RIMU = 'Rimu Advisory';
const TUI = 'Tūī Cyber';
const WAIKATO = 'Waikato Data Co';
const OTAGO = 'Otago Research Partners';
const RANGITOTO = 'Rangitoto Cloud';
const POHUTUKAWA = 'Pōhutukawa People';
const MAINLAND = 'Mainland Clean';
const TASMAN = 'Tasman Engineering';

/** Oldest first. Each supplier's published applications share out the services it lists. */
const PAST_APPLICATIONS: readonly PastApplication[] = [
  { supplier: TUI, outcome: 'published' },
  { supplier: WAIKATO, outcome: 'published' },
  { supplier: TOTARA, outcome: 'published' },
  { supplier: OTAGO, outcome: 'declined-at-pre-assessment', declineReason: 'The application names no case studies from the last five years. Apply again with recent work.' },
  { supplier: MAINLAND, outcome: 'published' },
  { supplier: RIMU, outcome: 'published', withDeclinedService: true, declineReason: 'The case studies show no work of this kind for a public sector client.' },
  { supplier: TASMAN, outcome: 'published' },
  { supplier: POHUTUKAWA, outcome: 'published' },
  { supplier: TUI, outcome: 'declined-at-in-progress', declineReason: 'The referees could not confirm the incident response work described. Apply again with references we can reach.' },
  { supplier: OTAGO, outcome: 'published' },
  { supplier: RANGITOTO, outcome: 'published' },
  { supplier: WAIKATO, outcome: 'published', withDeclinedService: true, declineReason: 'The day rate given does not cover the senior staff the service needs.' },
  { supplier: TOTARA, outcome: 'published' },
  { supplier: TASMAN, outcome: 'declined-at-in-progress', declineReason: 'The professional indemnity cover is below the $2,000,000 this work needs.' },
  { supplier: TUI, outcome: 'published' },
  { supplier: POHUTUKAWA, outcome: 'declined-at-listing-validation', declineReason: 'The listing details were not completed within three months of the grant. Apply again when you are ready to list.' },
  { supplier: MAINLAND, outcome: 'published' },
  { supplier: OTAGO, outcome: 'published' },
  { supplier: TASMAN, outcome: 'published' },
  { supplier: WAIKATO, outcome: 'published' },
  { supplier: POHUTUKAWA, outcome: 'published' },
  { supplier: TUI, outcome: 'published' },
];

function answersOf(
  offer: { summary: string; delivery: string; pricing: string; notes?: string },
  certifications: readonly string[],
  capability: { statement: string; client: string; did: string; outcome: string; dayRate: number; insurance: Record<string, number> },
): SupplierAnswers {
  return {
    offer: { offer_summary: offer.summary, delivery_model: offer.delivery, pricing_approach: offer.pricing, ...(offer.notes ? { pricing_notes: offer.notes } : {}) },
    declarations: { has_conflicts: 'no', ...(certifications.length > 0 ? { certifications: [...certifications] } : {}), information_confirmed: true },
    capability: {
      capability_statement: capability.statement,
      day_rate: capability.dayRate,
      insurance: capability.insurance,
    },
    caseStudy: { client: capability.client, description: capability.did, outcome: capability.outcome },
  };
}

const SUPPLIER_ANSWERS: Readonly<Record<string, SupplierAnswers>> = {
  [TOTARA]: answersOf(
    { summary: 'Office fit-outs, refurbishment and building consultancy for agencies across the upper North Island.', delivery: 'onsite', pricing: 'fixed_price' },
    ['ISO 9001 (quality management)', 'ISO 45001 (health and safety)'],
    {
      statement: 'Twenty years fitting out and refurbishing government workplaces while they stay open, with our own site teams and trusted subcontractors.',
      client: 'A district council', did: 'Refurbished three floors of the civic centre in stages while staff kept working.', outcome: 'Finished two weeks early and under budget.',
      dayRate: 1100, insurance: { public_liability: 10_000_000, statutory_liability: 1_000_000 },
    },
  ),
  [RIMU]: answersOf(
    { summary: 'Internal audit, probity and financial advice for public sector bodies, from chartered accountants who know the sector.', delivery: 'hybrid', pricing: 'time_and_materials' },
    ['ISO 9001 (quality management)'],
    {
      statement: 'Our chartered accountants have run internal audit programmes and probity reviews for ministries, crown entities and councils.',
      client: 'A crown entity', did: 'Ran a three-year internal audit programme across finance, procurement and payroll.', outcome: 'Every high-risk finding closed within the agreed time.',
      dayRate: 1650, insurance: { personal_indemnity: 5_000_000, public_liability: 2_000_000 },
    },
  ),
  [TUI]: answersOf(
    { summary: 'Penetration testing, security architecture and certification support from CREST-accredited testers.', delivery: 'hybrid', pricing: 'mixed', notes: 'Fixed prices for scoped tests; day rates for architecture and advice.' },
    ['ISO 27001 (information security)', 'NZISM compliance'],
    {
      statement: 'CREST-accredited testers and security architects who help agencies certify and accredit systems against the NZISM.',
      client: 'A central government agency', did: 'Tested and helped certify a new online payments service before launch.', outcome: 'Accredited on time, with no critical findings open.',
      dayRate: 1750, insurance: { personal_indemnity: 5_000_000, cyber_liability: 5_000_000, public_liability: 2_000_000 },
    },
  ),
  [WAIKATO]: answersOf(
    { summary: 'Data engineering, reporting platforms and analytics for regional councils and central government.', delivery: 'remote', pricing: 'time_and_materials' },
    ['ISO 27001 (information security)'],
    {
      statement: 'Data engineers and analysts who build reporting platforms that agency staff can run themselves after handover.',
      client: 'A regional council', did: 'Built a rates and consents reporting platform from six source systems.', outcome: 'Monthly reporting went from ten days of work to one.',
      dayRate: 1350, insurance: { personal_indemnity: 2_000_000, public_liability: 2_000_000 },
    },
  ),
  [OTAGO]: answersOf(
    { summary: 'Independent social research and evaluation, combining survey expertise with kaupapa Māori research methods.', delivery: 'hybrid', pricing: 'fixed_price' },
    [],
    {
      statement: 'Researchers and evaluators with twenty years of surveys, interviews and programme evaluations for public agencies.',
      client: 'A ministry', did: 'Evaluated a national wellbeing programme over two years with whānau interviews and a survey.', outcome: 'The findings shaped the programme’s second phase.',
      dayRate: 1250, insurance: { personal_indemnity: 2_000_000, public_liability: 1_000_000 },
    },
  ),
  [RANGITOTO]: answersOf(
    { summary: 'Onshore cloud hosting and managed platforms from two New Zealand data centres.', delivery: 'remote', pricing: 'subscription' },
    ['ISO 27001 (information security)', 'SOC 2', 'NZISM compliance'],
    {
      statement: 'We run onshore infrastructure and managed platforms for agencies whose data must stay in New Zealand.',
      client: 'A tertiary institution', did: 'Moved the learning platform and its databases to our managed hosting.', outcome: 'Availability above 99.95% in every month since.',
      dayRate: 1400, insurance: { personal_indemnity: 5_000_000, cyber_liability: 10_000_000 },
    },
  ),
  [POHUTUKAWA]: answersOf(
    { summary: 'Recruitment and leadership development for the public sector, with a strong focus on diversity and inclusion.', delivery: 'hybrid', pricing: 'fixed_price' },
    [],
    {
      statement: 'Recruiters and facilitators who have filled senior public sector roles and run leadership cohorts for a decade.',
      client: 'A crown research institute', did: 'Recruited a new senior leadership team and ran its first year of development.', outcome: 'All five roles filled within twelve weeks; none has left.',
      dayRate: 1200, insurance: { personal_indemnity: 2_000_000, public_liability: 1_000_000 },
    },
  ),
  [MAINLAND]: answersOf(
    { summary: 'Commercial cleaning and waste services for offices, schools and public facilities in Canterbury.', delivery: 'onsite', pricing: 'fixed_price' },
    ['ISO 14001 (environmental management)', 'ISO 45001 (health and safety)'],
    {
      statement: 'Our vetted cleaning teams look after offices, libraries, pools and schools, day and night.',
      client: 'A city council', did: 'Took over the cleaning of twelve libraries and two pools at a month’s notice.', outcome: 'Complaints fell by half in the first quarter.',
      dayRate: 650, insurance: { public_liability: 5_000_000, employers_liability: 1_000_000 },
    },
  ),
  [TASMAN]: answersOf(
    { summary: 'Structural and building services engineering, with deep experience in seismic assessment and strengthening.', delivery: 'onsite', pricing: 'time_and_materials' },
    ['ISO 9001 (quality management)'],
    {
      statement: 'Chartered structural engineers who assess, design and oversee the strengthening of public buildings.',
      client: 'A district health board', did: 'Assessed eight hospital buildings and designed the strengthening of two.', outcome: 'Both strengthened buildings now rate above 67% of the new building standard.',
      dayRate: 1500, insurance: { personal_indemnity: 5_000_000, public_liability: 5_000_000 },
    },
  ),
};

interface ServiceRow {
  id: number;
  catalogueId: number;
}

/** The supplier's listed services, and its channel's others it has not asked for yet, each in the catalogue's order. */
async function servicesOf(tx: Database, supplierId: number, channelSlug: string): Promise<{ listed: ServiceRow[]; others: ServiceRow[] }> {
  const channelServices = await tx
    .select({ id: services.id, catalogueId: services.catalogueId })
    .from(services)
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(eq(channels.slug, channelSlug))
    .orderBy(asc(catalogues.position), asc(services.id));
  const listed = new Set(
    (await tx.select({ id: supplierServices.serviceId }).from(supplierServices).where(ownedBy(supplierServices, supplierId))).map((row) => row.id),
  );
  const asked = new Set(
    (
      await tx
        .select({ id: applicationServices.serviceId })
        .from(applicationServices)
        .innerJoin(applications, eq(applications.id, applicationServices.applicationId))
        .where(ownedBy(applications, supplierId))
    ).map((row) => row.id),
  );
  const listedRows = (await tx.select({ id: services.id, catalogueId: services.catalogueId }).from(services).where(inArray(services.id, [...listed]))).sort(
    (a, b) => a.id - b.id,
  );
  return { listed: listedRows, others: channelServices.filter((row) => !listed.has(row.id) && !asked.has(row.id)) };
}

/** `count` parts of `items`, as even as they come, in order. */
function shareOut<T>(items: readonly T[], count: number): T[][] {
  return Array.from({ length: count }, (_, index) => items.slice(Math.floor((index * items.length) / count), Math.floor(((index + 1) * items.length) / count)));
}

/** A whole number of days from `min` to `max`, shorter ones likelier (waits have a long tail). */
function days(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() ** 1.6 * (max - min + 1));
}

function referenceIds(count: number): string[] {
  const random = mulberry32(REFERENCE_SEED);
  const ids = new Set<string>();
  while (ids.size < count) {
    ids.add(referenceIdWith('MP', (below) => Math.floor(random() * below)));
  }
  return [...ids];
}

function idOf(supplierIds: ReadonlyMap<string, number>, name: string): number {
  const id = supplierIds.get(name);
  if (id === undefined) {
    throw new Error(`Demo data refers to unknown "${name}"`);
  }
  return id;
}

/** The suppliers of the history: approved, and no demo person works for any of them. */
function checkSuppliers(): void {
  for (const name of new Set(PAST_APPLICATIONS.map((application) => application.supplier))) {
    const supplier = demoSuppliers.find((candidate) => candidate.tradingName === name);
    if (supplier?.status !== 'approved' || demoUsers.some((user) => user.memberships.some((membership) => membership.supplier === name))) {
      throw new Error(`"${name}" cannot have past demo applications: it must be approved and no demo person may work for it`);
    }
  }
}

/** Inserts the past applications; answers how many. */
export async function insertDemoApplicationHistory(tx: Database, supplierIds: ReadonlyMap<string, number>, now: Date): Promise<number> {
  checkSuppliers();
  const random = mulberry32(HISTORY_SEED);
  const references = referenceIds(PAST_APPLICATIONS.length);
  // Whole days before today (UTC) plus a time of day, so the waits do not depend on `now`'s time.
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  // A time on day `day` (negative: before today): the team's in New Zealand working hours (about
  // 9am to 5pm, 20:00 to 04:00 UTC), a supplier's from early morning to late evening.
  const teamAt = (day: number) => new Date(today + day * DAY_MS + (20 + random() * 8) * HOUR_MS);
  const supplierAt = (day: number) => new Date(today + day * DAY_MS + (18 + random() * 15) * HOUR_MS);

  const supplierNames = [...new Set(PAST_APPLICATIONS.map((application) => application.supplier))];
  const pools = new Map<string, { listed: ServiceRow[][]; others: ServiceRow[] }>();
  for (const name of supplierNames) {
    const focus = demoSuppliers.find((supplier) => supplier.tradingName === name)?.focus ?? '';
    const { listed, others } = await servicesOf(tx, idOf(supplierIds, name), focus);
    const published = PAST_APPLICATIONS.filter((application) => application.supplier === name && application.outcome === 'published').length;
    if (listed.length < published) {
      throw new Error(`"${name}" lists ${String(listed.length)} services, too few for ${String(published)} published applications`);
    }
    pools.set(name, { listed: shareOut(listed, published), others: [...others] });
  }

  for (const [index, past] of PAST_APPLICATIONS.entries()) {
    const pool = pools.get(past.supplier);
    const answers = SUPPLIER_ANSWERS[past.supplier];
    if (!pool || !answers) {
      throw new Error(`No demo answers for "${past.supplier}"`);
    }
    const step = (FIRST_SUBMITTED_DAYS_AGO - LAST_SUBMITTED_DAYS_AGO) / (PAST_APPLICATIONS.length - 1);
    const submittedDay = -Math.round(FIRST_SUBMITTED_DAYS_AGO - index * step) + Math.floor(random() * 5) - 2;
    const startedDay = submittedDay - days(random, 1, 14);
    const preAssessmentDay = submittedDay + days(random, 1, 6);
    const decisionDay = submittedDay + Math.max(days(random, 8, 35), preAssessmentDay - submittedDay + 3);
    const inProgressDay = preAssessmentDay + 1 + Math.floor(random() * (decisionDay - preAssessmentDay - 1));
    const listingSentDay = decisionDay + days(random, 2, 21);
    const publishedDay = listingSentDay + days(random, 1, 10);

    const timestamps: Record<string, Date> = { incomplete: supplierAt(startedDay), submitted: supplierAt(submittedDay), pre_assessment: teamAt(preAssessmentDay) };
    if (past.outcome === 'declined-at-pre-assessment') {
      timestamps.declined = teamAt(preAssessmentDay + days(random, 1, 6));
    } else {
      timestamps.in_progress = teamAt(inProgressDay);
      if (past.outcome === 'declined-at-in-progress') {
        timestamps.declined = teamAt(decisionDay);
      } else {
        timestamps.granted = teamAt(decisionDay);
        timestamps.listing_validation = supplierAt(listingSentDay);
        timestamps[past.outcome === 'published' ? 'published' : 'declined'] = teamAt(publishedDay);
      }
    }
    // The team decides on each service the day it grants or declines the application, a little before.
    const decidedAt = new Date((timestamps.granted ?? timestamps.declined ?? new Date(0)).getTime() - (1 + random() * 3) * HOUR_MS);

    const granted = past.outcome === 'published' ? (pool.listed.shift() ?? []) : past.outcome === 'declined-at-listing-validation' ? pool.others.splice(0, 2) : [];
    const declined = past.outcome === 'published' ? (past.withDeclinedService ? pool.others.splice(0, 1) : []) : granted.length > 0 ? [] : pool.others.splice(0, 1 + (index % 2));
    const requested = [...granted, ...declined].sort((a, b) => a.id - b.id);
    if (requested.length === 0) {
      throw new Error(`No services left for a past application of "${past.supplier}"`);
    }
    const catalogueIds = [...new Set(requested.map((service) => service.catalogueId))];
    const submitted = timestamps.submitted ?? now;
    const availableFrom = new Date(submitted.getTime() + (14 + Math.floor(random() * 30)) * DAY_MS).toISOString().slice(0, 10);
    const capability = { ...answers.capability, case_studies: [{ ...answers.caseStudy, year: submitted.getUTCFullYear() - 1 }], available_from: availableFrom };
    const statusTimestamps = Object.fromEntries(Object.entries(timestamps).map(([status, at]) => [status, at.toISOString()]));
    const finishedAt = timestamps.published ?? timestamps.declined ?? submitted;
    const [application] = await tx
      .insert(applications)
      .values({
        referenceId: references[index] ?? '',
        supplierId: idOf(supplierIds, past.supplier),
        ...answeredApplication(
          requested.map((service) => service.id),
          catalogueIds,
          { offer: answers.offer, declarations: answers.declarations, capability },
        ),
        status: past.outcome === 'published' ? 'published' : 'declined',
        statusTimestamps,
        createdAt: timestamps.incomplete,
        lastEdited: finishedAt,
      })
      .returning({ id: applications.id });
    if (!application) {
      throw new Error('Insert returned no row');
    }
    const grantedIds = new Set(granted.map((service) => service.id));
    await tx.insert(applicationServices).values(
      requested.map((service) => {
        const isGranted = grantedIds.has(service.id);
        return {
          applicationId: application.id,
          serviceId: service.id,
          status: isGranted ? ('granted' as const) : ('declined' as const),
          decidedAt,
          declineReason: isGranted ? null : (past.declineReason ?? 'The application does not show enough experience of this service.'),
        };
      }),
    );
  }
  return PAST_APPLICATIONS.length;
}
