import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { listingDocuments } from '../../common/listings/service-listings';
import { changedListingFields } from '../../common/listings/listing-changes';
import { isValidAbn, isValidNzbn } from '../../common/business-numbers';
import { verifyPassword } from '../auth/passwords';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/database';
import {
  agencyApplications,
  agencyMemberships,
  invitations,
  applications,
  applicationServices,
  auditLog,
  billingReports,
  catalogues,
  channels,
  engagementNoticeServices,
  engagementNotices,
  identityAccounts,
  serviceListings,
  serviceListingVersions,
  services,
  supplierMemberships,
  supplierRegistrations,
  shortlists,
  shortlistSuppliers,
  supplierServices,
  suppliers,
  threadMessages,
  threads,
  uploadedFiles,
  users,
} from '../db/schema/index';
import { LocalStorage } from '../storage/index';
import { getSupplierForm } from '../modules/applications/service';
import { validateStep } from '../modules/forms/validate';
import { checkAgencyAnswers } from '../modules/agencies/service';
import { agencyFormV1 } from '../db/content/agency-form';
import { getDirectoryTree } from '../modules/directory/service';
import { findStoredFormDefinition } from '../modules/forms/registry';
import { validateRegistrationAnswers } from '../modules/registration/submit-registration';
import { REGISTRATION_FORM_KEY } from '../db/content/registration-form';
import { DEMO_REGISTRATION_NZBN } from './demo-registration';
import { billingReportFormV1, engagementNoticeFormV1 } from '../db/content/reporting-forms';
import { checkAnswersByStep } from '../modules/forms/validate';
import { serviceListingFormV1 } from '../db/content/listing-forms';
import { listSupplierListings } from '../modules/listings/supplier-listings';
import { getInsightsFigures } from '../modules/insights/service';
import { TEAM_TRANSITIONS, type ApplicationStageCode } from '../../common/application-stages';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from './index';

describe('seedDemoData', () => {
  let handle: DatabaseHandle;
  let seeded: boolean;
  let seededAt: Date;
  let storageDirectory: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    handle = await createTestDatabase();
    storageDirectory = await mkdtemp(path.join(os.tmpdir(), 'marketplace-seed-'));
    storage = new LocalStorage(storageDirectory);
    seededAt = new Date();
    seeded = await seedDemoData(handle.db, seededAt, { storage });
  });

  afterAll(async () => {
    await handle.close();
    await rm(storageDirectory, { recursive: true, force: true });
  });

  async function counts() {
    const { db } = handle;
    return {
      channels: await db.$count(channels),
      catalogues: await db.$count(catalogues),
      services: await db.$count(services),
      suppliers: await db.$count(suppliers),
      listings: await db.$count(supplierServices),
      users: await db.$count(users),
      accounts: await db.$count(identityAccounts),
      audit: await db.$count(auditLog),
    };
  }

  async function membershipsOf(email: string) {
    return handle.db
      .select({ isAdmin: supplierMemberships.isAdmin, status: suppliers.status, supplierId: suppliers.id })
      .from(supplierMemberships)
      .innerJoin(users, eq(users.id, supplierMemberships.userId))
      .innerJoin(suppliers, eq(suppliers.id, supplierMemberships.supplierId))
      .where(eq(users.email, email));
  }

  async function userByEmail(email: string) {
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    if (!user) {
      throw new Error(`missing ${email}`);
    }
    return user;
  }

  it('seeds channels, catalogues, services and 40 suppliers', async () => {
    expect(seeded).toBe(true);
    const seen = await counts();
    expect(seen.channels).toBeGreaterThanOrEqual(3);
    expect(seen.catalogues).toBeGreaterThanOrEqual(9);
    expect(seen.services).toBeGreaterThanOrEqual(60);
    expect(seen.suppliers).toBe(40);
    const slugs = await handle.db.select({ slug: services.slug }).from(services);
    expect(slugs.every(({ slug }) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
  });

  it('seeds one in-progress application for Kōwhai Digital whose answers pass every step of its form', async () => {
    const [row] = await handle.db.select().from(applications).where(eq(applications.referenceId, 'MP-7KQ4-X2HD'));
    expect(row).toMatchObject({ referenceId: 'MP-7KQ4-X2HD', status: 'in_progress' });
    const [owner] = await handle.db.select({ tradingName: suppliers.tradingName }).from(suppliers).where(eq(suppliers.id, row?.supplierId ?? 0));
    expect(owner?.tradingName).toBe('Kōwhai Digital');
    const data = row?.data as { services: number[]; answers: Record<string, Record<string, unknown>> };
    expect(data.services).toHaveLength(2);
    const form = await getSupplierForm(handle.db, data.services);
    expect(Object.keys(data.answers).sort()).toEqual(form.steps.map((step) => step.id).sort());
    for (const step of form.steps) {
      expect(validateStep(step, data.answers[step.id] ?? {}, () => []).errors, step.id).toEqual([]);
    }
  });

  it('seeds approved agencies and one awaiting review, whose answers pass every step of the agency form', async () => {
    const rows = await handle.db.select().from(agencyApplications);
    expect(rows.filter((row) => row.status === 'approved').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.status === 'submitted')).toHaveLength(1);
    for (const row of rows) {
      expect(() => checkAgencyAnswers(agencyFormV1, row.data, 'full'), row.agencyName).not.toThrow();
    }
  });

  it('seeds engagement notices for Kōwhai Digital in every state, on its services, with billing reports passing the forms', async () => {
    const [owner] = await handle.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.tradingName, 'Kōwhai Digital'));
    // Other suppliers' engagements are the published ones below (issue 32).
    const notices = await handle.db.select().from(engagementNotices).where(eq(engagementNotices.supplierId, owner?.id ?? 0));
    expect(notices.map((notice) => notice.status).sort()).toEqual(['draft', 'submitted', 'submitted', 'submitted', 'submitted', 'withdrawn']);
    // The demo buyer's agency has answered its notices in every way (issue 31).
    const [agency] = await handle.db.select({ id: agencyApplications.id }).from(agencyApplications).where(eq(agencyApplications.agencyName, 'Ministry for Regional Development'));
    const answers = notices.filter((notice) => notice.agencyId === agency?.id && notice.status === 'submitted').map((notice) => notice.agencyResponse);
    expect(answers.sort()).toEqual(['awaiting', 'confirmed', 'disputed']);
    const disputed = notices.find((notice) => notice.agencyResponse === 'disputed');
    const [disputeThread] = await handle.db.select().from(threads).where(and(eq(threads.model, 'engagement-notice'), eq(threads.recordId, disputed?.id ?? 0)));
    expect(disputeThread?.agencyId).toBe(agency?.id);
    const messages = await handle.db.select().from(threadMessages).where(eq(threadMessages.threadId, disputeThread?.id ?? 0)).orderBy(asc(threadMessages.createdAt));
    expect(messages.map((message) => message.isFromAgency)).toEqual([true, false]);
    const listed = new Set((await handle.db.select().from(supplierServices).where(eq(supplierServices.supplierId, owner?.id ?? 0))).map((row) => row.serviceId));
    const covered = await handle.db.select().from(engagementNoticeServices).where(inArray(engagementNoticeServices.engagementNoticeId, notices.map((notice) => notice.id)));
    expect(covered.length).toBeGreaterThanOrEqual(4);
    expect(covered.every((row) => listed.has(row.serviceId))).toBe(true);
    for (const notice of notices) {
      const data = notice.data as Record<string, Record<string, unknown>>;
      expect(checkAnswersByStep(engagementNoticeFormV1.steps, data, notice.status !== 'draft').errors, notice.title ?? '').toEqual([]);
    }
    const reports = await handle.db.select().from(billingReports).where(eq(billingReports.supplierId, owner?.id ?? 0));
    expect(reports.length).toBeGreaterThanOrEqual(4);
    // And the reports on its confirmed engagement likewise: confirmed, queried with a conversation, waiting.
    const confirmedNotice = notices.find((notice) => notice.agencyId === agency?.id && notice.agencyResponse === 'confirmed');
    const reportAnswers = reports.filter((report) => report.engagementNoticeId === confirmedNotice?.id).map((report) => report.agencyResponse);
    expect(new Set(reportAnswers)).toEqual(new Set(['awaiting', 'confirmed', 'queried']));
    expect(reports.filter((report) => report.engagementNoticeId !== confirmedNotice?.id).every((report) => report.agencyResponse === 'awaiting')).toBe(true);
    const queried = reports.find((report) => report.agencyResponse === 'queried');
    const [queryThread] = await handle.db.select().from(threads).where(and(eq(threads.model, 'billing-report'), eq(threads.recordId, queried?.id ?? 0)));
    expect(queryThread?.agencyId).toBe(agency?.id);
    const submittedIds = new Set(notices.filter((notice) => notice.status === 'submitted').map((notice) => notice.id));
    for (const report of reports) {
      expect(submittedIds.has(report.engagementNoticeId ?? 0)).toBe(true);
      expect(checkAnswersByStep(billingReportFormV1.steps, report.data as Record<string, Record<string, unknown>>, true).errors).toEqual([]);
    }
    // Every submitted notice has its months reported.
    expect(new Set(reports.map((report) => report.engagementNoticeId)).size).toBe(submittedIds.size);
  });

  it('seeds other suppliers’ engagements their agencies confirmed, every month reported and confirmed, for the open data and insights (issue 32)', async () => {
    const [owner] = await handle.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.tradingName, 'Kōwhai Digital'));
    const [buyersAgency] = await handle.db.select({ id: agencyApplications.id }).from(agencyApplications).where(eq(agencyApplications.agencyName, 'Ministry for Regional Development'));
    const others = (await handle.db.select().from(engagementNotices)).filter((notice) => notice.supplierId !== owner?.id);
    expect(new Set(others.map((notice) => notice.supplierId)).size).toBeGreaterThanOrEqual(5);
    for (const notice of others) {
      expect([notice.status, notice.agencyResponse]).toEqual(['submitted', 'confirmed']);
      expect(notice.agencyId).not.toBe(buyersAgency?.id);
      expect(checkAnswersByStep(engagementNoticeFormV1.steps, notice.data as Record<string, Record<string, unknown>>, true).errors, notice.title ?? '').toEqual([]);
      const reports = await handle.db.select().from(billingReports).where(eq(billingReports.engagementNoticeId, notice.id));
      // Every month the engagement ran is reported (none missing, no reminder due), and confirmed.
      const first = new Date(`${notice.startDate ?? ''}T00:00:00Z`);
      const last = new Date(`${notice.endDate ?? ''}T00:00:00Z`);
      const months = (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1;
      expect(reports).toHaveLength(months);
      for (const report of reports) {
        expect(report.agencyResponse).toBe('confirmed');
        expect(checkAnswersByStep(billingReportFormV1.steps, report.data as Record<string, Record<string, unknown>>, true).errors).toEqual([]);
      }
    }
    const figures = await getInsightsFigures(handle.db);
    expect(figures.spend.byChannel.length).toBeGreaterThanOrEqual(3);
    expect(figures.spend.byMonth.length).toBeGreaterThanOrEqual(6);
    const engagements = figures.shares.find((row) => row.key === 'engagements');
    // The one its agency marked confidential is neither published nor counted.
    const confidential = others.filter((notice) => notice.agencyConfidentialReason !== null);
    expect(confidential.map((notice) => notice.title)).toEqual(['Security review of the rates payment gateway']);
    expect(engagements?.total).toBe(others.length - confidential.length + 1);
    expect(engagements?.maoriBusiness).toBeGreaterThan(0);
    expect(engagements?.smallBusiness).toBeGreaterThan(0);
  });

  it('seeds service listings in every status, each on a service its supplier may list, whose sent answers pass the listing form', async () => {
    const rows = await handle.db
      .select({ listing: serviceListings, tradingName: suppliers.tradingName })
      .from(serviceListings)
      .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
      .orderBy(asc(serviceListings.id));
    expect(rows.map((row) => [row.tradingName, row.listing.status, row.listing.publishedVersion])).toEqual([
      ['Kōwhai Digital', 'published', 1],
      ['Kōwhai Digital', 'in_review', 1],
      ['Tūī Cyber', 'in_review', null],
      ['Tūī Cyber', 'approved', null],
      ['Waikato Data Co', 'draft', null],
      ['Waikato Data Co', 'changes_requested', null],
      ['Tūī Cyber', 'in_review', 1],
    ]);
    for (const { listing, tradingName } of rows) {
      const listable = await listSupplierListings(handle.db, listing.supplierId);
      expect(listable.listings.find((entry) => entry.service.id === listing.serviceId)?.listing?.status, tradingName).toBe(listing.status);
      const sent = listing.status !== 'draft' && listing.status !== 'changes_requested';
      expect(checkAnswersByStep(serviceListingFormV1.steps, listing.data as Record<string, Record<string, unknown>>, sent).errors, `${tradingName} ${listing.status}`).toEqual([]);
    }
    // The live listings' changes differ from their published versions in their summary and lowest price.
    for (const change of [rows[1]?.listing, rows[6]?.listing]) {
      const [live] = await handle.db.select().from(serviceListingVersions).where(eq(serviceListingVersions.listingId, change?.id ?? 0));
      expect(changedListingFields(serviceListingFormV1.steps, live?.data ?? {}, change?.data ?? {})).toEqual(['about.summary', 'pricing.price_from']);
    }
    // The applications not finished (the past ones below are all published or declined).
    const waiting = await handle.db
      .select({ referenceId: applications.referenceId, status: applications.status })
      .from(applications)
      .where(notInArray(applications.status, ['published', 'declined']))
      .orderBy(asc(applications.id));
    expect(waiting).toEqual([
      { referenceId: 'MP-7KQ4-X2HD', status: 'in_progress' },
      { referenceId: 'MP-4LST-V4LD', status: 'listing_validation' },
      { referenceId: 'MP-9GRT-D4FT', status: 'granted' },
    ]);
  });

  it('seeds a year of finished applications of approved suppliers no demo person works for, so every wait on the insights page has figures', async () => {
    const rows = await handle.db
      .select({ application: applications, supplier: suppliers })
      .from(applications)
      .innerJoin(suppliers, eq(suppliers.id, applications.supplierId))
      .where(inArray(applications.status, ['published', 'declined']))
      .orderBy(asc(applications.id));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.length).toBeLessThanOrEqual(30);
    expect(rows.filter((row) => row.application.status === 'declined').length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.supplier.id)).size).toBeGreaterThanOrEqual(5);
    const yearAgo = new Date(seededAt);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const firstStages: readonly string[] = ['incomplete', 'submitted'];
    for (const { application, supplier } of rows) {
      const label = `${application.referenceId} of ${supplier.tradingName}`;
      expect(application.referenceId, label).toMatch(/^MP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(supplier.status, label).toBe('approved');
      expect(await handle.db.$count(supplierMemberships, eq(supplierMemberships.supplierId, supplier.id)), label).toBe(0);
      // Every stage it passed, in order, each move one the team may make, all within the last year.
      const stages = Object.entries(application.statusTimestamps).sort(([, a], [, b]) => Date.parse(a) - Date.parse(b));
      const codes = stages.map(([code]) => code);
      expect(codes.slice(0, 2), label).toEqual(firstStages);
      for (const [position, code] of codes.entries()) {
        const from = codes[position - 1];
        if (position >= 2 && from !== undefined) {
          expect(TEAM_TRANSITIONS[from as ApplicationStageCode], `${label}: ${from} to ${code}`).toContain(code);
        }
      }
      expect(codes.at(-1), label).toBe(application.status);
      expect(Date.parse(application.statusTimestamps.submitted ?? ''), label).toBeGreaterThan(yearAgo.getTime());
      expect(Date.parse(stages.at(-1)?.[1] ?? ''), label).toBeLessThan(seededAt.getTime());
      expect(application.lastEdited.toISOString(), label).toBe(stages.at(-1)?.[1]);
      // Its answers pass every step of its form, as the in-progress demo application's do.
      const data = application.data as { services: number[]; termsAccepted: boolean; answers: Record<string, Record<string, unknown>> };
      expect(data.termsAccepted, label).toBe(true);
      const form = await getSupplierForm(handle.db, data.services);
      expect(Object.keys(data.answers).sort(), label).toEqual(form.steps.map((step) => step.id).sort());
      for (const step of form.steps) {
        expect(validateStep(step, data.answers[step.id] ?? {}, () => []).errors, `${label} ${step.id}`).toEqual([]);
      }
      // Its services as decided: a published one's granted services are the ones its supplier lists.
      const requested = await handle.db.select().from(applicationServices).where(eq(applicationServices.applicationId, application.id));
      expect(requested.map((row) => row.serviceId).sort(), label).toEqual([...data.services].sort());
      const listed = new Set((await handle.db.select().from(supplierServices).where(eq(supplierServices.supplierId, supplier.id))).map((row) => row.serviceId));
      for (const service of requested) {
        expect(service.decidedAt, label).toBeInstanceOf(Date);
        expect(service.status === 'declined' ? service.declineReason : 'granted', label).toBeTruthy();
        if (application.status === 'published' && service.status === 'granted') {
          expect(listed.has(service.serviceId), label).toBe(true);
        }
      }
      if ('granted' in application.statusTimestamps) {
        expect(requested.some((service) => service.status === 'granted'), label).toBe(true);
      }
    }
    const figures = await getInsightsFigures(handle.db, seededAt);
    for (const stage of figures.applicationWaits) {
      expect(stage.applications, stage.label).toBeGreaterThanOrEqual(10);
      expect(stage.medianDays, stage.label).not.toBeNull();
      expect(stage.ninetiethPercentileDays, stage.label).toBeGreaterThan(stage.medianDays ?? 0);
    }
  });

  it('stores a file for each document the demo listings name, owned by the listing’s supplier, one of them for buyers only', async () => {
    const listings = await handle.db.select().from(serviceListings);
    const versions = await handle.db.select().from(serviceListingVersions).innerJoin(serviceListings, eq(serviceListings.id, serviceListingVersions.listingId));
    const named = [
      ...listings.map((listing) => ({ supplierId: listing.supplierId, data: listing.data })),
      ...versions.map((row) => ({ supplierId: row.service_listings.supplierId, data: row.service_listing_versions.data })),
    ].flatMap(({ supplierId, data }) => listingDocuments(data).map((document) => ({ supplierId, ...document })));
    // Kōwhai Digital's rate card and terms; Tūī Cyber's certificate in its live version and its change.
    expect(named.map((document) => [document.kind, document.buyersOnly]).sort()).toEqual([
      ['insurance', false],
      ['insurance', false],
      ['pricing', false],
      ['pricing', false],
      ['terms', true],
      ['terms', true],
    ]);
    for (const document of named) {
      const [row] = await handle.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, document.fileId));
      expect(row?.supplierId, document.kind).toBe(document.supplierId);
      const stored = await storage.get(row?.storageKey ?? '');
      const bytes = stored ? Buffer.concat(await stored.body.toArray()) : Buffer.alloc(0);
      expect(bytes.length, document.kind).toBe(row?.size);
      expect(bytes.length, document.kind).toBeGreaterThan(0);
    }
  });

  it('seeds one pending registration whose answers pass the registration form, for a business no supplier holds', async () => {
    const rows = await handle.db.select().from(supplierRegistrations);
    expect(rows).toMatchObject([{ status: 'pending', referenceId: 'REG-DEMO-0001', nzbn: DEMO_REGISTRATION_NZBN }]);
    const definition = await findStoredFormDefinition(handle.db, REGISTRATION_FORM_KEY, rows[0]?.formVersion ?? 0);
    expect(definition).toBeDefined();
    if (definition) {
      expect(validateRegistrationAnswers(definition, rows[0]?.answers ?? {}, await getDirectoryTree(handle.db)).errors).toEqual([]);
    }
    expect(await handle.db.$count(suppliers, eq(suppliers.nzbn, DEMO_REGISTRATION_NZBN))).toBe(0);
  });

  it('gives every supplier a valid NZBN (New Zealand) or ABN (Australia)', async () => {
    const rows = await handle.db.select().from(suppliers);
    for (const supplier of rows) {
      if (supplier.country === 'New Zealand') {
        expect(isValidNzbn(supplier.nzbn ?? ''), supplier.tradingName).toBe(true);
        expect(supplier.legalName).toMatch(/ Limited$/);
        expect(supplier.phone).toMatch(/^\+64 /);
      } else {
        expect(isValidAbn(supplier.abn ?? ''), supplier.tradingName).toBe(true);
        expect(supplier.legalName).toMatch(/ Pty Ltd$/);
        expect(supplier.phone).toMatch(/^\+61 /);
      }
    }
    const statuses = new Set(rows.map((row) => row.status));
    expect([...statuses].sort()).toEqual(['applicant', 'approved', 'inactive']);
  });

  it('publishes 2–8 listings for each approved supplier and none for the others', async () => {
    const rows = await handle.db
      .select({ id: suppliers.id, status: suppliers.status, publishedAt: supplierServices.publishedAt })
      .from(suppliers)
      .leftJoin(supplierServices, eq(supplierServices.supplierId, suppliers.id));
    const published = new Map<number, number>();
    for (const row of rows) {
      if (row.publishedAt) {
        expect(row.status).toBe('approved');
        published.set(row.id, (published.get(row.id) ?? 0) + 1);
      }
    }
    for (const row of rows.filter((r) => r.status === 'approved')) {
      expect(published.get(row.id)).toBeGreaterThanOrEqual(2);
      expect(published.get(row.id)).toBeLessThanOrEqual(8);
    }
  });

  it('attaches the demo accounts as specified', async () => {
    const admin = await membershipsOf('admin@example.com');
    expect(admin).toHaveLength(2);
    expect(admin.every((m) => m.isAdmin && m.status === 'approved')).toBe(true);
    expect((await userByEmail('admin@example.com')).activeSupplierId).toBe(admin[0]?.supplierId);

    const member = await membershipsOf('member@example.com');
    expect(member).toMatchObject([{ isAdmin: false, status: 'approved' }]);
    expect((await userByEmail('member@example.com')).activeSupplierId).toBe(member[0]?.supplierId);

    expect(await membershipsOf('nobody@example.com')).toEqual([]);
    expect((await userByEmail('nobody@example.com')).activeSupplierId).toBeNull();

    expect(await membershipsOf('staff@example.com')).toEqual([]);
    const teamAdmin = await userByEmail('staff@example.com');
    expect(teamAdmin.isTeamMember).toBe(true);
    expect(teamAdmin.isTeamAdmin).toBe(true);
    expect(teamAdmin.subject).toBeNull();

    expect(await membershipsOf('team@example.com')).toEqual([]);
    const teamMember = await userByEmail('team@example.com');
    expect(teamMember).toMatchObject({ name: 'Tama Team', isTeamMember: true, isTeamAdmin: false });
    expect(teamMember.teamSince).toBeInstanceOf(Date);
    const teamAdmins = await handle.db.select({ email: users.email }).from(users).where(eq(users.isTeamAdmin, true));
    expect(teamAdmins).toEqual([{ email: 'staff@example.com' }]);

    for (const { supplierId } of admin) {
      const members = await handle.db.$count(supplierMemberships, eq(supplierMemberships.supplierId, supplierId));
      expect(members).toBeGreaterThanOrEqual(2);
    }
  });

  it("makes the demo buyer the admin of an approved agency, with a colleague and one waiting invitation (issue 31)", async () => {
    const buyer = await userByEmail('buyer@example.com');
    expect(await membershipsOf('buyer@example.com')).toEqual([]);
    const people = await handle.db
      .select({ email: users.email, isAdmin: agencyMemberships.isAdmin, agency: agencyApplications.agencyName, status: agencyApplications.status })
      .from(agencyMemberships)
      .innerJoin(users, eq(users.id, agencyMemberships.userId))
      .innerJoin(agencyApplications, eq(agencyApplications.id, agencyMemberships.agencyId))
      .orderBy(users.email);
    expect(people).toEqual([
      { email: 'buyer@example.com', isAdmin: true, agency: 'Ministry for Regional Development', status: 'approved' },
      { email: 'hana.wiremu@regional.govt.example', isAdmin: false, agency: 'Ministry for Regional Development', status: 'approved' },
    ]);
    const waiting = await handle.db.select().from(invitations).where(isNotNull(invitations.agencyId));
    expect(waiting).toMatchObject([{ email: 'rawiri.kingi@regional.govt.example', acceptedAt: null, revokedAt: null, invitedByUserId: buyer.id }]);
    expect(waiting[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const shortlisted = await handle.db
      .select({ shortlist: shortlists.name, isShared: shortlists.isShared, maker: shortlists.createdByUserId, supplier: suppliers.tradingName })
      .from(shortlistSuppliers)
      .innerJoin(shortlists, eq(shortlists.id, shortlistSuppliers.shortlistId))
      .innerJoin(suppliers, eq(suppliers.id, shortlistSuppliers.supplierId))
      .orderBy(suppliers.tradingName);
    expect(shortlisted).toEqual([
      { shortlist: 'Regional portal, phase 2', isShared: true, maker: buyer.id, supplier: 'Kōwhai Digital' },
      { shortlist: 'Regional portal, phase 2', isShared: true, maker: buyer.id, supplier: 'Rangitoto Cloud' },
    ]);
  });

  it('creates a sign-in account with the demo password for each demo account', async () => {
    const accounts = await handle.db.select().from(identityAccounts);
    expect(accounts.map((a) => a.email).sort()).toEqual(demoAccounts.map((a) => a.email).sort());
    expect(accounts.map((a) => a.id)).toContain('demo-admin');
    const [first] = accounts;
    expect(await verifyPassword(first?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(first?.passwordHash ?? '', 'wrong-password')).toBe(false);
  });

  it('records the seed in the audit log', async () => {
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'demo.seed'));
    expect(entry).toMatchObject({ entity: 'database', entityId: 'demo', actorUserId: null });
    expect(entry?.after).toMatchObject({ suppliers: 40 });
  });

  it('does nothing on a second call', async () => {
    const before = await counts();
    expect(await seedDemoData(handle.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
