/**
 * The public listing page (issue 30): a supplier's live listing of one service, drawn on the server,
 * linked from the supplier's profile and the service's page (with its price); a change waiting for
 * review never shows, and a listing buyers may not read (not live, suspended, a supplier no longer
 * approved, a retired service) answers the not-found page.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingDocumentPath, listingPath, servicePath, supplierProfilePath } from '../../../common/site-paths';
import { serviceListings, services, supplierServices, suppliers } from '../../db/schema/index';
import { agencyBearer, createSignedInUser } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApprovedAgency } from '../agency-users/test-support';
import { expectError } from '../supplier-users/test-support';
import { createApplicantSupplier, createTeamMemberUser, createTestApplication } from '../applications/team-test-support';
import { createChannel, serviceId, type CreatedChannel } from '../directory/test-support';
import { PDF_BYTES, uploadFile } from '../uploads/test-support';
import { BUYERS_ONLY_NOTE } from './listing-page';
import { completeListingAnswers, createTestListing } from './test-support';

/** The page's text without its tags, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the public listing page', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let supplierId: number;
  let listingId: number;
  let otherListingId: number;
  let slug: string;

  const backups = () => serviceId(channel, 'Page backups');
  const restores = () => serviceId(channel, 'Page restores');
  const archives = () => serviceId(channel, 'Page archives');

  beforeAll(async () => {
    context = await buildTestApp();
    channel = await createChannel(context.database.db, {
      title: 'Page Channel',
      catalogues: [{ title: 'Page Continuity', services: [{ title: 'Page backups' }, { title: 'Page restores' }, { title: 'Page archives' }] }],
    });
    const supplier = await createApplicantSupplier(context, 'Hoiho Continuity');
    supplierId = supplier.supplierId;
    const application = await createTestApplication(context, {
      supplierId,
      status: 'listing_validation',
      services: [{ serviceId: backups(), status: 'granted' }, { serviceId: restores(), status: 'granted' }],
    });
    listingId = await createTestListing(context.database.db, { supplierId, serviceId: backups(), applicationId: application.id });
    otherListingId = await createTestListing(context.database.db, { supplierId, serviceId: restores(), applicationId: application.id });
    const team = await createTeamMemberUser(context);
    const published = await context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${String(application.id)}/status`, headers: team.headers, payload: { status: 'published' } });
    expect(published.statusCode, published.body).toBe(200);
    const [service] = await context.database.db.select({ slug: services.slug }).from(services).where(eq(services.id, backups()));
    slug = service?.slug ?? '';
  });
  afterAll(() => context.close());

  const open = (path: string) => context.app.inject({ method: 'GET', url: path });

  it('shows the live version: summary, features, benefits, delivery, price, service levels and when it was last updated', async () => {
    const response = await open(listingPath(supplierId, slug));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const text = textOf(response.body);
    for (const expected of [
      'Page backups',
      'Offered by Hoiho Continuity , an approved supplier.',
      'Managed backups for agencies, tested monthly.',
      'Daily backups',
      'Monthly restore test',
      'Nothing lost',
      'Remotely',
      'Wellington, Canterbury',
      'Subscription',
      '$500.00 to $1,500.00 per month, excluding GST',
      'Backups, restores and reports.',
      'Support 8am to 6pm on working days',
      'Last updated',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(response.body.match(/<h1\b/g)).toHaveLength(1);
  });

  it('keeps showing the live version while a change waits for review', async () => {
    const changed = completeListingAnswers();
    changed.about = { ...changed.about, summary: 'A change nobody has approved.' };
    await context.database.db.update(serviceListings).set({ data: changed, status: 'in_review' }).where(eq(serviceListings.id, listingId));
    const text = textOf((await open(listingPath(supplierId, slug))).body);
    expect(text).toContain('Managed backups for agencies, tested monthly.');
    expect(text).not.toContain('A change nobody has approved.');
  });

  it("is linked from the supplier's profile and from the service's page, with its price", async () => {
    const profile = await open(supplierProfilePath(supplierId));
    expect(profile.body).toContain(`href="${listingPath(supplierId, slug)}"`);
    const servicePage = await open(servicePath(slug));
    expect(servicePage.body).toContain(`href="${listingPath(supplierId, slug)}"`);
    expect(textOf(servicePage.body)).toContain('$500.00 to $1,500.00 per month, excluding GST.');
  });

  it("orders the service's suppliers by lowest price when asked, those without a listing last, and by name otherwise", async () => {
    const cheaper = await createApplicantSupplier(context, 'Aardvark Backups');
    const application = await createTestApplication(context, { supplierId: cheaper.supplierId, status: 'listing_validation', services: [{ serviceId: backups(), status: 'granted' }] });
    const answers = completeListingAnswers();
    answers.pricing = { ...answers.pricing, price_from: 20_000, price_to: 30_000 };
    await createTestListing(context.database.db, { supplierId: cheaper.supplierId, serviceId: backups(), applicationId: application.id });
    await context.database.db.update(serviceListings).set({ data: answers }).where(eq(serviceListings.supplierId, cheaper.supplierId));
    const team = await createTeamMemberUser(context);
    expect((await context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${String(application.id)}/status`, headers: team.headers, payload: { status: 'published' } })).statusCode).toBe(200);
    // A third supplier lists the service with no listing of its own (listed before listings had forms).
    const unlisted = await createApplicantSupplier(context, 'Able Backups', 'approved');
    await context.database.db.insert(supplierServices).values({ supplierId: unlisted.supplierId, serviceId: backups(), publishedAt: new Date() });

    const names = (html: string) => [...html.matchAll(/<h3 class="item-list__title"><a href="[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]);
    expect(names((await open(servicePath(slug))).body)).toEqual(['Aardvark Backups', 'Able Backups', 'Hoiho Continuity']);
    const byPrice = (await open(`${servicePath(slug)}?sort=price`)).body;
    expect(names(byPrice)).toEqual(['Aardvark Backups', 'Hoiho Continuity', 'Able Backups']);
    expect(byPrice).toContain('aria-current="page"><strong>Lowest price</strong>');
    // An order it does not know is the default, not an error.
    expect(names((await open(`${servicePath(slug)}?sort=nonsense`)).body)).toEqual(['Aardvark Backups', 'Able Backups', 'Hoiho Continuity']);
  });

  it('lists its documents: anyone downloads those not for buyers only; nothing else is served by its address', async () => {
    const archivist = await createApplicantSupplier(context, 'Kea Archives');
    const outsider = await createApplicantSupplier(context, 'Kea Outsiders');
    const upload = async (who: typeof archivist, fileName: string) =>
      (await uploadFile(context.app, who.headers, { fileName, content: PDF_BYTES }, 'ListingDocuments')).json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const terms = await upload(archivist, 'kea-terms.pdf');
    const insurance = await upload(archivist, 'kea-insurance.pdf');
    const notListed = await upload(archivist, 'kea-draft.pdf');
    const foreign = await upload(outsider, 'outsider.pdf');
    const application = await createTestApplication(context, { supplierId: archivist.supplierId, status: 'listing_validation', services: [{ serviceId: archives(), status: 'granted' }] });
    const id = await createTestListing(context.database.db, { supplierId: archivist.supplierId, serviceId: archives(), applicationId: application.id });
    const answers = completeListingAnswers();
    answers.documents = {
      documents: [
        { kind: 'terms', file: terms, buyers_only: false },
        { kind: 'insurance', file: insurance, expires_on: '2020-01-31', buyers_only: true },
      ],
    };
    await context.database.db.update(serviceListings).set({ data: answers }).where(eq(serviceListings.id, id));
    const team = await createTeamMemberUser(context);
    const published = await context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${String(application.id)}/status`, headers: team.headers, payload: { status: 'published' } });
    expect(published.statusCode, published.body).toBe(200);
    const [service] = await context.database.db.select({ slug: services.slug }).from(services).where(eq(services.id, archives()));
    const archivesSlug = service?.slug ?? '';

    const page = await open(listingPath(archivist.supplierId, archivesSlug));
    const text = textOf(page.body);
    expect(text).toContain('Terms and conditions: kea-terms.pdf');
    expect(text).toContain(`Insurance certificate: kea-insurance.pdf Expired on 31 January 2020 ${BUYERS_ONLY_NOTE}`);
    // The buyer documents app's element, and what its button downloads.
    expect(page.body).toContain('id="app__listing-documents"');
    expect(page.body).toContain(`data-buyer-document="{&quot;supplierId&quot;:${String(archivist.supplierId)},`);
    expect(page.body).toContain(`href="${listingDocumentPath(archivist.supplierId, archivesSlug, terms)}"`);
    expect(page.body).not.toContain(listingDocumentPath(archivist.supplierId, archivesSlug, insurance));

    const download = await open(listingDocumentPath(archivist.supplierId, archivesSlug, terms));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="kea-terms.pdf"');
    expect(download.headers['cache-control']).toBe('private, no-cache');
    expect((await open(listingDocumentPath(archivist.supplierId, archivesSlug, terms.toUpperCase()))).statusCode).toBe(200);

    // For buyers only, in no live version, another supplier's, or under another listing's address: the not-found page.
    for (const path of [
      listingDocumentPath(archivist.supplierId, archivesSlug, insurance),
      listingDocumentPath(archivist.supplierId, archivesSlug, notListed),
      listingDocumentPath(archivist.supplierId, archivesSlug, foreign),
      listingDocumentPath(outsider.supplierId, archivesSlug, terms),
      listingDocumentPath(archivist.supplierId, slug, terms),
      listingDocumentPath(archivist.supplierId, archivesSlug, 'not-a-file'),
    ]) {
      const response = await open(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/text\/html/);
    }
    // A person of an approved agency downloads every document through the API, those for buyers only too (issue 31).
    const agencyId = await createApprovedAgency(context.database.db, 'Ministry of Records');
    const buyer = await createSignedInUser(context, { agencies: [{ agencyId, isAdmin: false }] });
    const buyerGet = (file: string, headers: Record<string, string> = agencyBearer(buyer.accessToken, agencyId)) =>
      context.app.inject({ method: 'GET', url: `/api/v1/agency/listing-documents/${String(archivist.supplierId)}/${archivesSlug}/${file}`, headers });
    const buyerCopy = await buyerGet(insurance);
    expect(buyerCopy.statusCode).toBe(200);
    expect(buyerCopy.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(buyerCopy.headers['content-disposition']).toContain('filename="kea-insurance.pdf"');
    expect(buyerCopy.headers['cache-control']).toBe('private, no-store');
    expect((await buyerGet(terms)).statusCode).toBe(200);
    for (const file of [notListed, foreign, 'not-a-file']) {
      expectError(await buyerGet(file), 404, 'not found');
    }
    // A supplier's person (naming no agency), or someone naming an agency they are not in, gets nothing.
    expectError(await buyerGet(insurance, archivist.headers), 400, 'bad request');
    expectError(await buyerGet(insurance, agencyBearer(buyer.accessToken, agencyId + 1000)), 403, 'forbidden');

    // A suspended listing's documents go with it.
    await context.database.db.update(serviceListings).set({ suspendedAt: new Date() }).where(eq(serviceListings.id, id));
    expect((await open(listingDocumentPath(archivist.supplierId, archivesSlug, terms))).statusCode).toBe(404);
    expectError(await buyerGet(insurance), 404, 'not found');
  });

  it('answers not found for a listing buyers may not read, and for paths that name none', async () => {
    const [restoresService] = await context.database.db.select({ slug: services.slug }).from(services).where(eq(services.id, restores()));
    const restoresPath = listingPath(supplierId, restoresService?.slug ?? '');
    expect((await open(restoresPath)).statusCode).toBe(200);
    // Suspended by the team: gone from the page and the links.
    await context.database.db.update(serviceListings).set({ suspendedAt: new Date() }).where(eq(serviceListings.id, otherListingId));
    expect((await open(restoresPath)).statusCode).toBe(404);
    expect((await open(supplierProfilePath(supplierId))).body).not.toContain(`href="${restoresPath}"`);

    for (const path of [listingPath(supplierId, 'no-such-service'), listingPath(999_999, slug), `/approved-suppliers/abc/services/${slug}`, `/approved-suppliers/0/services/${slug}`]) {
      const response = await open(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
    // A supplier no longer approved has no public listings.
    await context.database.db.update(suppliers).set({ status: 'suspended' }).where(eq(suppliers.id, supplierId));
    expect((await open(listingPath(supplierId, slug))).statusCode).toBe(404);
  });
});
