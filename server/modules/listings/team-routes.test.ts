/**
 * The team's review of service listings (issue 30, spec §4 stages 5–6): the listings waiting for
 * review, longest first; approving one not yet live leaves it for publication with its
 * application; asking for changes sends the reasons to the supplier as a message; and a live
 * listing's change is reviewed field by field while the live version stays, then published as its
 * next version with what it changed.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveServiceListingResponse, ServiceListingResponse } from '../../../common/api/service-listings';
import {
  LISTING_CHANGES_REASON_MISSING,
  LISTING_NOT_IN_REVIEW,
  LISTING_NOT_SUSPENDABLE,
  LISTING_NOT_SUSPENDED,
  type TeamListing,
  type TeamListingListResponse,
} from '../../../common/api/team-listings';
import type { Thread } from '../../../common/api/threads';
import { SERVICE_LISTING_FORM_KEY } from '../../../common/listings/service-listings';
import { listingPath } from '../../../common/site-paths';
import { auditLog, serviceListings, serviceListingVersions, services } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTeamMemberUser, createTestApplication } from '../applications/team-test-support';
import { createChannel, serviceId, type CreatedChannel } from '../directory/test-support';
import { listingDecisionSubject } from './listing-mail';
import { completeListingAnswers, createTestListing } from './test-support';

describe("the team's review of service listings", () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let teamHeaders: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    channel = await createChannel(context.database.db, {
      title: 'Review Channel',
      catalogues: [{ title: 'Review Security', services: [{ title: 'Review audits' }, { title: 'Review testing' }] }],
    });
    teamHeaders = (await createTeamMemberUser(context)).headers;
  });
  afterAll(() => context.close());

  const audits = () => serviceId(channel, 'Review audits');
  const testing = () => serviceId(channel, 'Review testing');
  const form = { key: SERVICE_LISTING_FORM_KEY, version: 1 };

  const teamGet = (url: string) => context.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: teamHeaders });
  const approve = (id: number) => context.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${String(id)}/approve`, headers: teamHeaders });
  const requestChanges = (id: number, reason: string) =>
    context.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${String(id)}/request-changes`, headers: teamHeaders, payload: { reason } });

  async function subjectsTo(email: string): Promise<string[]> {
    return (await context.deliverMail()).filter((entry) => entry.to.includes(email)).map((entry) => entry.subject);
  }

  async function grantedSupplier(name: string, status: 'granted' | 'listing_validation' = 'listing_validation') {
    const supplier = await createApplicantSupplier(context, name);
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status,
      services: [{ serviceId: audits(), status: 'granted' }, { serviceId: testing(), status: 'granted' }],
    });
    return { supplier, application };
  }

  it('lists the listings waiting for review, longest waiting first, and others by status', async () => {
    const { supplier, application } = await grantedSupplier('Tūī Audits');
    const later = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: testing(), applicationId: application.id, status: 'in_review' });
    const earlier = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: audits(), applicationId: application.id, status: 'in_review' });
    await context.database.db.update(serviceListings).set({ submittedAt: new Date(Date.now() - 86_400_000) }).where(eq(serviceListings.id, earlier));

    const waiting = (await teamGet('/listings')).json<TeamListingListResponse>();
    const ours = waiting.listings.filter((listing) => listing.supplierId === supplier.supplierId);
    expect(ours.map((listing) => [listing.id, listing.service.title, listing.status, listing.isLive])).toEqual([
      [earlier, 'Review audits', 'in_review', false],
      [later, 'Review testing', 'in_review', false],
    ]);
    expect(ours[0]?.supplierTradingName).toBe('Tūī Audits');
    expect((await teamGet('/listings?status=approved')).json<TeamListingListResponse>().listings.map((listing) => listing.id)).not.toContain(earlier);
    expect((await teamGet('/listings?status=nonsense')).statusCode).toBe(400);
    expect((await teamGet('/listings/999999')).statusCode).toBe(404);
  });

  it('approves a listing not live yet for publication with its application, once, audited and mailed', async () => {
    const { supplier, application } = await grantedSupplier('Kea Audits');
    const id = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: audits(), applicationId: application.id, status: 'in_review' });

    const shown = (await teamGet(`/listings/${String(id)}`)).json<TeamListing>();
    expect(shown).toMatchObject({ status: 'in_review', isLive: false, liveData: null, application: { id: application.id, referenceId: application.referenceId }, versions: [] });
    // Nothing is live, so every answered field is new.
    expect(shown.changedFields).toEqual(expect.arrayContaining(['about.summary', 'pricing.price_from', 'service-levels.service_levels']));
    expect(shown.form.key).toBe(SERVICE_LISTING_FORM_KEY);

    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TeamListing>()).toMatchObject({ status: 'approved', isLive: false, versions: [] });
    const again = await approve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: LISTING_NOT_IN_REVIEW });
    expect(await subjectsTo(supplier.admin.user.email)).toEqual([listingDecisionSubject('approved')]);
    const entries = await context.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'listing'), eq(auditLog.entityId, String(id))));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['listing.approve', { serviceId: audits(), status: 'in_review', publishedVersion: null }, { serviceId: audits(), status: 'approved', publishedVersion: null }],
    ]);
  });

  it('asks for changes with reasons the supplier reads in the application’s messages, and refuses empty reasons', async () => {
    const { supplier, application } = await grantedSupplier('Ruru Audits');
    const id = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: audits(), applicationId: application.id, status: 'in_review' });

    const empty = await requestChanges(id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: LISTING_CHANGES_REASON_MISSING });

    const asked = await requestChanges(id, '  Give a price for the on-site audit.  ');
    expect(asked.statusCode).toBe(200);
    expect(asked.json<TeamListing>()).toMatchObject({ status: 'changes_requested', changesRequested: 'Give a price for the on-site audit.' });
    expect((await requestChanges(id, 'Again')).statusCode).toBe(409);

    const threads = await context.app.inject({ method: 'GET', url: `/api/v1/application/${String(application.id)}/thread`, headers: supplier.headers });
    const [thread] = threads.json<{ threads: Thread[] }>().threads;
    expect(thread?.title).toBe('Changes needed to your listing of Review audits');
    expect(JSON.stringify(thread)).toContain('Give a price for the on-site audit.');
    expect(await subjectsTo(supplier.admin.user.email)).toEqual([listingDecisionSubject('changes_requested')]);

    // The supplier sees the reasons, changes the listing and sends it again.
    const mine = (await context.app.inject({ method: 'GET', url: `/api/v1/listing/${String(audits())}`, headers: supplier.headers })).json<ServiceListingResponse>();
    expect(mine).toMatchObject({ status: 'changes_requested', isEditable: true, isSendable: true, changesRequested: 'Give a price for the on-site audit.' });
    const resent = await context.app.inject({ method: 'POST', url: `/api/v1/listing/${String(audits())}/send`, headers: supplier.headers, payload: { lastEdited: mine.lastEdited } });
    expect(resent.statusCode).toBe(200);
    expect((await teamGet(`/listings/${String(id)}`)).json<TeamListing>()).toMatchObject({ status: 'in_review', changesRequested: null });
  });

  it("reviews a live listing's change field by field while the live version stays, then publishes it as the next version", async () => {
    const { supplier, application } = await grantedSupplier('Kōtare Audits');
    const id = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: audits(), applicationId: application.id });
    await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: testing(), applicationId: application.id });
    const publish = await context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${String(application.id)}/status`, headers: teamHeaders, payload: { status: 'published' } });
    expect(publish.statusCode, publish.body).toBe(200);

    // The supplier changes its price and summary: the change waits, the live version stays.
    const live = (await context.app.inject({ method: 'GET', url: `/api/v1/listing/${String(audits())}`, headers: supplier.headers })).json<ServiceListingResponse>();
    expect(live).toMatchObject({ status: 'published', isLive: true, isEditable: true, isSendable: false });
    const changed = completeListingAnswers();
    changed.about = { ...changed.about, summary: 'Audits against ISO 27001 and the NZISM.' };
    changed.pricing = { ...changed.pricing, price_from: 80_000 };
    const saved = await context.app.inject({ method: 'PUT', url: `/api/v1/listing/${String(audits())}`, headers: supplier.headers, payload: { form, lastEdited: live.lastEdited, data: changed } });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json<SaveServiceListingResponse>();
    expect(draft.status).toBe('draft');
    expect((await context.app.inject({ method: 'POST', url: `/api/v1/listing/${String(audits())}/send`, headers: supplier.headers, payload: { lastEdited: draft.lastEdited } })).statusCode).toBe(200);

    const review = (await teamGet(`/listings/${String(id)}`)).json<TeamListing>();
    expect(review).toMatchObject({ status: 'in_review', isLive: true, changedFields: ['about.summary', 'pricing.price_from'] });
    expect(review.liveData?.about?.summary).toBe('Managed backups for agencies, tested monthly.');
    expect(review.data.about?.summary).toBe('Audits against ISO 27001 and the NZISM.');

    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    const after = approved.json<TeamListing>();
    expect(after).toMatchObject({ status: 'published', isLive: true, changedFields: [] });
    expect(after.versions.map((version) => [version.version, version.changedFields])).toEqual([
      [2, ['about.summary', 'pricing.price_from']],
      [1, []],
    ]);
    expect(after.liveData?.about?.summary).toBe('Audits against ISO 27001 and the NZISM.');
    const versions = await context.database.db.select().from(serviceListingVersions).where(eq(serviceListingVersions.listingId, id)).orderBy(asc(serviceListingVersions.version));
    expect(versions[0]?.data).toEqual(completeListingAnswers());
    expect(await subjectsTo(supplier.admin.user.email)).toContain(listingDecisionSubject('published'));
  });

  it('suspends a live listing with reasons the supplier reads, showing its expired documents, and reinstates it; each once', async () => {
    const { supplier, application } = await grantedSupplier('Pūkeko Audits');
    const id = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: audits(), applicationId: application.id });
    await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: testing(), applicationId: application.id });
    // Its insurance certificate expired on 30 June 2025.
    const expired = completeListingAnswers('4f2c1f0e-9a7b-4c1d-8e2f-0a1b2c3d4e5f');
    expired.documents = { documents: [{ kind: 'insurance', file: '4f2c1f0e-9a7b-4c1d-8e2f-0a1b2c3d4e5f', expires_on: '2025-06-30', buyers_only: false }] };
    await context.database.db.update(serviceListings).set({ data: expired }).where(eq(serviceListings.id, id));
    // Not live yet: nothing to suspend.
    const early = await context.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${String(id)}/suspend`, headers: teamHeaders, payload: { reason: 'Expired' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: LISTING_NOT_SUSPENDABLE });
    const publish = await context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${String(application.id)}/status`, headers: teamHeaders, payload: { status: 'published' } });
    expect(publish.statusCode, publish.body).toBe(200);
    await context.deliverMail();

    const live = (await teamGet(`/listings/${String(id)}`)).json<TeamListing>();
    expect(live).toMatchObject({ isLive: true, suspendedAt: null, expiredDocuments: [{ kind: 'insurance', expiresOn: '2025-06-30' }] });

    const suspend = (reason: string) => context.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${String(id)}/suspend`, headers: teamHeaders, payload: { reason } });
    expect((await suspend('  ')).statusCode).toBe(400);
    const suspended = await suspend('Your insurance certificate expired on 30 June 2025. Upload the new one.');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<TeamListing>().suspendedAt).toEqual(expect.any(String));
    expect((await suspend('Again')).statusCode).toBe(409);
    // Buyers cannot read it; the supplier reads why, and is emailed.
    const [service] = await context.database.db.select({ slug: services.slug }).from(services).where(eq(services.id, audits()));
    expect((await context.app.inject({ method: 'GET', url: listingPath(supplier.supplierId, service?.slug ?? '') })).statusCode).toBe(404);
    const threads = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${String(supplier.supplierId)}/thread`, headers: supplier.headers });
    expect(JSON.stringify(threads.json())).toContain('Your insurance certificate expired on 30 June 2025.');
    expect(await subjectsTo(supplier.admin.user.email)).toContain(listingDecisionSubject('suspended'));

    const reinstate = () => context.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${String(id)}/reinstate`, headers: teamHeaders });
    const reinstated = await reinstate();
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json<TeamListing>().suspendedAt).toBeNull();
    expect((await reinstate()).json()).toMatchObject({ message: LISTING_NOT_SUSPENDED });
    expect((await context.app.inject({ method: 'GET', url: listingPath(supplier.supplierId, service?.slug ?? '') })).statusCode).toBe(200);
    const actions = await context.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'listing'), eq(auditLog.entityId, String(id))));
    expect(actions.map((entry) => entry.action)).toEqual(['listing.suspend', 'listing.reinstate']);
  });
});
