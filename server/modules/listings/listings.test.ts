/**
 * The supplier's service listings (issue 30): it may list only the services an application of its
 * own granted (at Granted or later) or that it lists already; a draft saves unfinished, a send
 * checks it in full; while the team reviews it nothing changes it; another supplier's services,
 * files and listings stay out of reach; and sending the last listing an application at Granted
 * asks for moves the application to Service Listing Validation.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LISTING_CHANGED_SINCE,
  LISTING_NOT_EDITABLE,
  LISTING_NOT_FOUND,
  type SaveServiceListingResponse,
  type ServiceListingListResponse,
  type ServiceListingResponse,
} from '../../../common/api/service-listings';
import { SERVICE_LISTING_FORM_KEY } from '../../../common/listings/service-listings';
import { applications, auditLog, serviceListings, supplierServices } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTestApplication, type ApplicantSupplier } from '../applications/team-test-support';
import { createChannel, serviceId, type CreatedChannel } from '../directory/test-support';
import { uploadFile } from '../uploads/test-support';
import { completeListingAnswers } from './test-support';

describe('service listings, the supplier side', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let supplier: ApplicantSupplier;
  let other: ApplicantSupplier;
  let grantedApplication: { id: number; referenceId: string };

  const backups = () => serviceId(channel, 'Listing backups');
  const hosting = () => serviceId(channel, 'Listing hosting');
  const training = () => serviceId(channel, 'Listing training');
  const support = () => serviceId(channel, 'Listing support');

  beforeAll(async () => {
    context = await buildTestApp();
    channel = await createChannel(context.database.db, {
      title: 'Listing Channel',
      catalogues: [
        { title: 'Listing Operations', services: [{ title: 'Listing backups' }, { title: 'Listing hosting' }, { title: 'Listing support' }] },
        { title: 'Listing Learning', services: [{ title: 'Listing training' }] },
      ],
    });
    supplier = await createApplicantSupplier(context, 'Kererū Backups');
    other = await createApplicantSupplier(context, 'Other Backups');
    // Granted: backups and hosting (one declined service and one still at In Progress are not listable).
    grantedApplication = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'granted',
      services: [{ serviceId: backups(), status: 'granted' }, { serviceId: hosting(), status: 'granted' }, { serviceId: support(), status: 'declined' }],
    });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'in_progress', services: [{ serviceId: training(), status: 'granted' }] });
    await createTestApplication(context, { supplierId: other.supplierId, status: 'granted', services: [{ serviceId: training(), status: 'granted' }] });
  });
  afterAll(() => context.close());

  const list = (who: ApplicantSupplier) => context.app.inject({ method: 'GET', url: '/api/v1/listing', headers: who.headers });
  const read = (who: ApplicantSupplier, service: number) => context.app.inject({ method: 'GET', url: `/api/v1/listing/${String(service)}`, headers: who.headers });
  const save = (who: ApplicantSupplier, service: number, payload: object): Promise<LightMyRequestResponse> =>
    context.app.inject({ method: 'PUT', url: `/api/v1/listing/${String(service)}`, headers: who.headers, payload });
  const send = (who: ApplicantSupplier, service: number, lastEdited: string) =>
    context.app.inject({ method: 'POST', url: `/api/v1/listing/${String(service)}/send`, headers: who.headers, payload: { lastEdited } });
  const form = { key: SERVICE_LISTING_FORM_KEY, version: 1 };

  async function applicationStatus(id: number) {
    const [row] = await context.database.db.select({ status: applications.status, statusTimestamps: applications.statusTimestamps }).from(applications).where(eq(applications.id, id));
    return row;
  }

  it('lists the services granted at Granted or later, and a service already listed, each without a listing yet', async () => {
    await context.database.db.insert(supplierServices).values({ supplierId: supplier.supplierId, serviceId: support(), publishedAt: new Date() });
    const response = await list(supplier);
    expect(response.statusCode).toBe(200);
    const body = response.json<ServiceListingListResponse>();
    expect(body.listings.map((entry) => [entry.service.catalogueTitle, entry.service.title, entry.listing])).toEqual([
      ['Listing Operations', 'Listing backups', null],
      ['Listing Operations', 'Listing hosting', null],
      ['Listing Operations', 'Listing support', null],
    ]);
    // The other supplier sees its own granted service only.
    expect((await list(other)).json<ServiceListingListResponse>().listings.map((entry) => entry.service.title)).toEqual(['Listing training']);
    await context.database.db.delete(supplierServices).where(eq(supplierServices.supplierId, supplier.supplierId));
  });

  it('opens a listing not started on the newest form, and refuses a service it may not list with 404', async () => {
    const response = await read(supplier, backups());
    expect(response.statusCode).toBe(200);
    const body = response.json<ServiceListingResponse>();
    expect(body).toMatchObject({ id: null, status: 'draft', isLive: false, isEditable: true, isSendable: false, lastEdited: null, data: {} });
    expect(body.form.key).toBe(SERVICE_LISTING_FORM_KEY);
    expect(body.form.steps.map((step) => step.title)).toEqual(['About the service', 'How and where you deliver it', 'Pricing', 'Service levels', 'Documents']);

    for (const service of [training(), support()]) {
      const refused = await read(supplier, service);
      expect(refused.statusCode, String(service)).toBe(404);
      expect(refused.json()).toMatchObject({ message: LISTING_NOT_FOUND });
    }
    // Another supplier's granted service is not listable by this one, for reading or saving.
    expect((await save(supplier, training(), { form, data: {} })).statusCode).toBe(404);
    expect((await read(other, backups())).statusCode).toBe(404);
  });

  it('saves a draft unfinished, refuses bad answers with every problem and stores nothing, and audits each save', async () => {
    const draft = await save(supplier, backups(), { form, data: { about: { summary: 'Backups.' } } });
    expect(draft.statusCode).toBe(200);
    const saved = draft.json<SaveServiceListingResponse>();
    expect(saved.status).toBe('draft');

    const refused = await save(supplier, backups(), {
      form,
      lastEdited: saved.lastEdited,
      data: { pricing: { pricing_model: 'barter', price_from: 500, price_to: 100 }, 'no-such-step': { a: 1 } },
    });
    expect(refused.statusCode).toBe(400);
    const fields = refused.json<{ details: { field: string }[] }>().details.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['no-such-step', 'pricing.pricing_model', 'pricing.price_to']));
    const [row] = await context.database.db.select().from(serviceListings).where(eq(serviceListings.id, saved.id));
    expect(row?.data).toEqual({ about: { summary: 'Backups.' } });

    // A save from a page loaded before that save is refused, so nobody overwrites another's work.
    const stale = await save(supplier, backups(), { form, lastEdited: '2020-01-01T00:00:00.000Z', data: completeListingAnswers() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: LISTING_CHANGED_SINCE });

    const actions = await context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'listing'), eq(auditLog.entityId, String(saved.id))));
    expect(actions.map((entry) => entry.action)).toEqual(['listing.create']);
  });

  it("refuses a file answer that is another supplier's file, and names the supplier's own files", async () => {
    const othersUpload = await uploadFile(context.app, other.headers, { fileName: 'theirs.pdf' }, 'ListingDocuments');
    expect(othersUpload.statusCode).toBe(200);
    const theirs = othersUpload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const current = (await read(supplier, backups())).json<ServiceListingResponse>();
    const refused = await save(supplier, backups(), { form, lastEdited: current.lastEdited, data: completeListingAnswers(theirs) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'The file was not found: upload it again' });

    const ownUpload = await uploadFile(context.app, supplier.headers, { fileName: 'insurance.pdf' }, 'ListingDocuments');
    const mine = ownUpload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const accepted = await save(supplier, backups(), { form, lastEdited: current.lastEdited, data: completeListingAnswers(mine) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<SaveServiceListingResponse>().files).toEqual({ [mine]: 'insurance.pdf' });
    expect((await read(supplier, backups())).json<ServiceListingResponse>().files).toEqual({ [mine]: 'insurance.pdf' });
  });

  it('sends a complete listing for review, after which it cannot change; the last one moves the application to Service Listing Validation', async () => {
    // Hosting's listing is incomplete: sending it names what is missing.
    const hostingDraft = (await save(supplier, hosting(), { form, data: { about: { summary: 'Hosting.' } } })).json<SaveServiceListingResponse>();
    const incomplete = await send(supplier, hosting(), hostingDraft.lastEdited);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<{ details: { field: string }[] }>().details.map((detail) => detail.field)).toEqual(
      expect.arrayContaining(['about.features', 'about.benefits', 'delivery.delivery_modes', 'pricing.pricing_model', 'service-levels.service_levels']),
    );

    const backupsListing = (await read(supplier, backups())).json<ServiceListingResponse>();
    expect(backupsListing.isSendable).toBe(true);
    const sent = await send(supplier, backups(), backupsListing.lastEdited ?? '');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'in_review', applicationMovedToValidation: null });
    expect((await applicationStatus(grantedApplication.id))?.status).toBe('granted');

    const locked = (await read(supplier, backups())).json<ServiceListingResponse>();
    expect(locked).toMatchObject({ status: 'in_review', isEditable: false, isSendable: false });
    const refused = await save(supplier, backups(), { form, lastEdited: locked.lastEdited, data: completeListingAnswers() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: LISTING_NOT_EDITABLE });
    expect((await send(supplier, backups(), locked.lastEdited ?? '')).statusCode).toBe(409);

    const completed = (await save(supplier, hosting(), { form, lastEdited: hostingDraft.lastEdited, data: completeListingAnswers() })).json<SaveServiceListingResponse>();
    const last = await send(supplier, hosting(), completed.lastEdited);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ status: 'in_review', applicationMovedToValidation: grantedApplication.referenceId });
    const moved = await applicationStatus(grantedApplication.id);
    expect(moved?.status).toBe('listing_validation');
    expect(Date.parse(moved?.statusTimestamps.listing_validation ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const listed = (await list(supplier)).json<ServiceListingListResponse>();
    expect(listed.listings.map((entry) => entry.listing?.status)).toEqual(['in_review', 'in_review']);
  });

  it('is refused without a supplier, and to a supplier sending another supplier id', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/listing' })).statusCode).toBe(401);
    const forged = await context.app.inject({ method: 'GET', url: `/api/v1/listing/${String(training())}`, headers: { ...supplier.headers, 'x-supplier-id': String(other.supplierId) } });
    expect(forged.statusCode).toBe(403);
  });
});
