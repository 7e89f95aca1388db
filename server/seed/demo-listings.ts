/**
 * Demo service listings (issue 30), in every status, so each listing screen shows a realistic state
 * on first start:
 * - Kōwhai Digital (the demo admin's supplier): the first of its listed services, by title, has a
 *   published listing with a rate card and its terms (for buyers only); the second a published
 *   listing with a change waiting for review (its summary and lowest price); the rest are not started.
 * - Tūī Cyber: application MP-4LST-V4LD at Service Listing Validation, with one listing waiting for
 *   review (not live yet) and one approved; and the first of its listed services, by title, a
 *   published listing with a change waiting (its summary and lowest price), whose insurance
 *   certificate expired 12 days ago (the team sees it expired and can suspend the listing).
 * - Waikato Data Co: application MP-9GRT-D4FT at Granted, with a listing in draft and one the team
 *   sent back, its reasons in a message on the application.
 * The documents' files are in ./demo-listing-documents.ts.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { newZealandDate } from '../../common/listings/document-expiry';
import { LISTING_FIELDS, LISTING_STEPS, type ServiceListingStatus } from '../../common/listings/service-listings';
import { APPLICATION_FORM_KEY, applicationFormV1, CATALOGUE_FORM_KEY, catalogueFormV1 } from '../db/content/application-forms';
import { serviceListingFormV1 } from '../db/content/listing-forms';
import type { Database } from '../db/client';
import { DEMO_EXPIRED_CERTIFICATE, DEMO_RATE_CARD, DEMO_TERMS, insertDemoListingDocumentRows } from './demo-listing-documents';
import {
  applications,
  applicationServices,
  catalogues,
  channels,
  serviceListings,
  serviceListingVersions,
  services,
  supplierMemberships,
  supplierServices,
  threadMessages,
  threads,
  users,
} from '../db/schema/index';
import { ownedBy } from '../db/supplier-scope';

const DAY_MS = 86_400_000;

type Answers = Record<string, Record<string, unknown>>;

/** A listing's answers, written as the supplier would for its service. */
function listingAnswers(supplier: string, service: string, priceFromCents: number): Answers {
  return {
    about: {
      summary: `${supplier} delivers ${service.toLowerCase()} for public sector agencies, from a first workshop to handover.`,
      features: [`${service} led by senior practitioners`, 'A named lead for the whole engagement', 'Weekly progress reports'],
      benefits: ['Work that meets the NZ Government Web Standards', 'No lock-in: everything we make is yours'],
    },
    delivery: { delivery_modes: ['remote', 'on_site'], locations: ['Wellington', 'Auckland', 'Canterbury'] },
    pricing: {
      pricing_model: 'day_rate',
      price_from: priceFromCents,
      price_to: priceFromCents + 40_000,
      price_unit: 'per person per day',
      included: 'Planning, delivery, weekly reports and a handover session.',
    },
    'service-levels': { service_levels: 'Support from 8:30am to 5pm on working days. We answer within one working day.' },
  };
}

/** A published listing whose supplier changed its summary and lowest price, sent a day ago: the change waits for review. */
function liveListingWithChange(supplierId: number, supplier: string, service: { id: number; title: string }, daysAgo: (days: number) => Date): DemoListing {
  const live = listingAnswers(supplier, service.title, 150_000);
  const changed: Answers = {
    ...live,
    about: { ...live.about, summary: `${service.title} for agencies, now with accessibility audits against WCAG 2.2 included.` },
    pricing: { ...live.pricing, price_from: 160_000 },
  };
  return { supplierId, serviceId: service.id, applicationId: null, status: 'in_review', data: changed, live, sentAt: daysAgo(1), publishedAt: daysAgo(60) };
}

/** The answers with a documents step holding one insurance certificate that expired on `expiresOn`. */
function withExpiredCertificate(answers: Answers, expiresOn: string): Answers {
  const certificate = {
    [LISTING_FIELDS.documentKind]: 'insurance',
    [LISTING_FIELDS.documentFile]: DEMO_EXPIRED_CERTIFICATE.id,
    [LISTING_FIELDS.documentExpires]: expiresOn,
  };
  return { ...answers, [LISTING_STEPS.documents]: { [LISTING_FIELDS.documents]: [certificate] } };
}

/** The answers with a documents step holding a rate card anyone may download and terms for buyers only. */
function withRateCardAndTerms(answers: Answers): Answers {
  const documents = [
    { [LISTING_FIELDS.documentKind]: 'pricing', [LISTING_FIELDS.documentFile]: DEMO_RATE_CARD.id },
    { [LISTING_FIELDS.documentKind]: 'terms', [LISTING_FIELDS.documentFile]: DEMO_TERMS.id, [LISTING_FIELDS.documentBuyersOnly]: true },
  ];
  return { ...answers, [LISTING_STEPS.documents]: { [LISTING_FIELDS.documents]: documents } };
}

interface DemoListing {
  supplierId: number;
  serviceId: number;
  applicationId: number | null;
  status: ServiceListingStatus;
  data: Answers;
  /** The live version's answers, when one is live. */
  live?: Answers;
  changesRequested?: string;
  sentAt?: Date;
  publishedAt?: Date;
}

async function insertListing(tx: Database, listing: DemoListing, teamMemberId: number | null, editorId: number | null): Promise<void> {
  const [row] = await tx
    .insert(serviceListings)
    .values({
      supplierId: listing.supplierId,
      serviceId: listing.serviceId,
      applicationId: listing.applicationId,
      formVersion: serviceListingFormV1.version,
      data: listing.data,
      status: listing.status,
      changesRequested: listing.changesRequested ?? null,
      publishedVersion: listing.live ? 1 : null,
      submittedAt: listing.sentAt ?? null,
      createdAt: listing.publishedAt ?? listing.sentAt ?? new Date(),
      lastEdited: listing.sentAt ?? listing.publishedAt ?? new Date(),
      lastEditedByUserId: editorId,
    })
    .returning({ id: serviceListings.id });
  if (!row) {
    throw new Error('Insert returned no row');
  }
  if (listing.live) {
    await tx.insert(serviceListingVersions).values({
      listingId: row.id,
      version: 1,
      formVersion: serviceListingFormV1.version,
      data: listing.live,
      changedFields: [],
      sentByUserId: editorId,
      approvedByUserId: teamMemberId,
      publishedAt: listing.publishedAt ?? new Date(),
    });
  }
}

/** The services of the supplier's channel it neither lists nor applied for, in the catalogue's order. */
async function unlistedServices(tx: Database, supplierId: number, channelSlug: string, count: number): Promise<{ id: number; title: string }[]> {
  const listed = await tx.select({ id: supplierServices.serviceId }).from(supplierServices).where(ownedBy(supplierServices, supplierId));
  const rows = await tx
    .select({ id: services.id, title: services.title })
    .from(services)
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(and(eq(channels.slug, channelSlug), listed.length === 0 ? undefined : notInArray(services.id, listed.map((row) => row.id))))
    .orderBy(asc(catalogues.position), asc(services.title), asc(services.id));
  return rows.slice(0, count);
}

/** An application of the supplier granted these services, at the given stage. */
async function insertGrantedApplication(
  tx: Database,
  spec: { supplierId: number; referenceId: string; status: 'granted' | 'listing_validation'; serviceIds: number[]; grantedAt: Date },
): Promise<number> {
  const at = (days: number) => new Date(spec.grantedAt.getTime() + days * DAY_MS).toISOString();
  const [application] = await tx
    .insert(applications)
    .values({
      referenceId: spec.referenceId,
      supplierId: spec.supplierId,
      formVersions: [
        { key: APPLICATION_FORM_KEY, version: applicationFormV1.version },
        { key: CATALOGUE_FORM_KEY, version: catalogueFormV1.version },
      ],
      data: { services: spec.serviceIds, termsAccepted: true, answers: {} },
      status: spec.status,
      progress: 1,
      statusTimestamps: {
        submitted: at(-20),
        pre_assessment: at(-18),
        in_progress: at(-12),
        granted: at(0),
        ...(spec.status === 'listing_validation' ? { listing_validation: at(3) } : {}),
      },
      createdAt: new Date(at(-22)),
      lastEdited: new Date(at(spec.status === 'listing_validation' ? 3 : 0)),
    })
    .returning({ id: applications.id });
  if (!application) {
    throw new Error('Insert returned no row');
  }
  await tx
    .insert(applicationServices)
    .values(spec.serviceIds.map((serviceId) => ({ applicationId: application.id, serviceId, status: 'granted' as const, decidedAt: new Date(at(-1)) })));
  return application.id;
}

async function firstMemberOf(tx: Database, supplierId: number): Promise<number | null> {
  const [member] = await tx.select({ id: supplierMemberships.userId }).from(supplierMemberships).where(ownedBy(supplierMemberships, supplierId)).limit(1);
  return member?.id ?? null;
}

/** The pricing answers without what the price includes: what the team asks the supplier to add. */
function withoutIncluded(pricing: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(pricing).filter(([field]) => field !== 'included'));
}

export const DEMO_CHANGES_REQUESTED = 'Please say what is included in the day rate, and which regions you can work on site in.';

/** Inserts the demo listings; answers how many. */
export async function insertDemoListings(tx: Database, supplierIds: ReadonlyMap<string, number>, now: Date): Promise<number> {
  const [teamMember] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com')).limit(1);
  const teamMemberId = teamMember?.id ?? null;
  const idOf = (name: string) => {
    const id = supplierIds.get(name);
    if (id === undefined) {
      throw new Error(`Demo data refers to unknown "${name}"`);
    }
    return id;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const listings: { listing: DemoListing; editorId: number | null }[] = [];

  // Kōwhai Digital: a published listing, and a published one with a change waiting.
  const kowhai = idOf('Kōwhai Digital');
  const kowhaiEditor = await firstMemberOf(tx, kowhai);
  const kowhaiListed = await tx
    .select({ id: services.id, title: services.title })
    .from(supplierServices)
    .innerJoin(services, eq(services.id, supplierServices.serviceId))
    .where(ownedBy(supplierServices, kowhai))
    .orderBy(asc(services.title), asc(services.id));
  const [first, second] = kowhaiListed;
  if (first) {
    const answers = withRateCardAndTerms(listingAnswers('Kōwhai Digital', first.title, 145_000));
    listings.push({ listing: { supplierId: kowhai, serviceId: first.id, applicationId: null, status: 'published', data: answers, live: answers, publishedAt: daysAgo(40) }, editorId: kowhaiEditor });
  }
  if (second) {
    listings.push({ listing: liveListingWithChange(kowhai, 'Kōwhai Digital', second, daysAgo), editorId: kowhaiEditor });
  }

  // Tūī Cyber: an application at Service Listing Validation, one listing waiting and one approved.
  const tui = idOf('Tūī Cyber');
  const tuiServices = await unlistedServices(tx, tui, 'digital-and-ict', 2);
  const tuiApplication = await insertGrantedApplication(tx, { supplierId: tui, referenceId: 'MP-4LST-V4LD', status: 'listing_validation', serviceIds: tuiServices.map((service) => service.id), grantedAt: daysAgo(6) });
  const tuiEditor = await firstMemberOf(tx, tui);
  for (const [index, service] of tuiServices.entries()) {
    listings.push({
      listing: {
        supplierId: tui,
        serviceId: service.id,
        applicationId: tuiApplication,
        status: index === 0 ? 'in_review' : 'approved',
        data: listingAnswers('Tūī Cyber', service.title, 175_000),
        sentAt: daysAgo(3),
      },
      editorId: tuiEditor,
    });
  }

  // Waikato Data Co: an application at Granted, a listing in draft and one sent back.
  const waikato = idOf('Waikato Data Co');
  const waikatoServices = await unlistedServices(tx, waikato, 'digital-and-ict', 2);
  const waikatoApplication = await insertGrantedApplication(tx, { supplierId: waikato, referenceId: 'MP-9GRT-D4FT', status: 'granted', serviceIds: waikatoServices.map((service) => service.id), grantedAt: daysAgo(10) });
  const waikatoEditor = await firstMemberOf(tx, waikato);
  const [draftService, sentBackService] = waikatoServices;
  if (draftService) {
    const { about } = listingAnswers('Waikato Data Co', draftService.title, 120_000);
    listings.push({ listing: { supplierId: waikato, serviceId: draftService.id, applicationId: waikatoApplication, status: 'draft', data: { about: about ?? {} } }, editorId: waikatoEditor });
  }
  if (sentBackService) {
    const answers = listingAnswers('Waikato Data Co', sentBackService.title, 110_000);
    listings.push({
      listing: {
        supplierId: waikato,
        serviceId: sentBackService.id,
        applicationId: waikatoApplication,
        status: 'changes_requested',
        data: { ...answers, pricing: withoutIncluded(answers.pricing ?? {}), delivery: { delivery_modes: ['remote', 'on_site'], locations: ['Waikato'] } },
        changesRequested: DEMO_CHANGES_REQUESTED,
        sentAt: daysAgo(4),
      },
      editorId: waikatoEditor,
    });
    const [thread] = await tx
      .insert(threads)
      .values({
        model: 'application',
        recordId: waikatoApplication,
        supplierId: waikato,
        title: `Changes needed to your listing of ${sentBackService.title}`,
        createdByUserId: teamMemberId,
        createdAt: daysAgo(2),
        updatedAt: daysAgo(2),
      })
      .returning({ id: threads.id });
    if (thread) {
      await tx.insert(threadMessages).values({ threadId: thread.id, authorUserId: teamMemberId, isFromTeam: true, content: DEMO_CHANGES_REQUESTED, createdAt: daysAgo(2) });
    }
  }

  // Tūī Cyber's first listed service: a live listing with a change waiting too (the team's journey approves it, Kōwhai Digital's stays waiting).
  const [tuiListed] = await tx
    .select({ id: services.id, title: services.title })
    .from(supplierServices)
    .innerJoin(services, eq(services.id, supplierServices.serviceId))
    .where(ownedBy(supplierServices, tui))
    .orderBy(asc(services.title), asc(services.id))
    .limit(1);
  if (tuiListed) {
    // Its insurance certificate expired 12 days ago, in the live version and the change alike: the team's review warns of it.
    const change = liveListingWithChange(tui, 'Tūī Cyber', tuiListed, daysAgo);
    const expiresOn = newZealandDate(daysAgo(12));
    listings.push({
      listing: { ...change, data: withExpiredCertificate(change.data, expiresOn), live: withExpiredCertificate(change.live ?? {}, expiresOn) },
      editorId: tuiEditor,
    });
  }

  // The documents' files, uploaded by the people who edit the listings naming them (read above).
  const editors = new Map([[kowhai, kowhaiEditor], [tui, tuiEditor]]);
  await insertDemoListingDocumentRows(tx, idOf, (supplierId) => editors.get(supplierId) ?? null);
  for (const { listing, editorId } of listings) {
    await insertListing(tx, listing, teamMemberId, editorId);
  }
  return listings.length;
}
