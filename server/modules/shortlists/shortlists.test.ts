/**
 * Buyers' shortlists (issue 31): a person of an agency makes a named shortlist, adds suppliers of
 * the directory with notes, shares it with colleagues (who then see and change its suppliers but
 * not rename or delete it), and downloads it as CSV with the directory's columns, the listing's
 * price and the note. Another agency, or a colleague before it is shared, gets 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortlistDetail, ShortlistsResponse } from '../../../common/api/shortlists';
import { agencyBearer, createSignedInUser } from '../../auth/test-support';
import { auditLog, serviceListings, serviceListingVersions } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApprovedAgency } from '../agency-users/test-support';
import { createChannel, createSupplier, parseCsv, serviceId, type CreatedChannel } from '../directory/test-support';
import { completeListingAnswers, createTestListing } from '../listings/test-support';
import { expectError } from '../supplier-users/test-support';

describe("buyers' shortlists", () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let maker: Record<string, string>;
  let makerId = 0;
  let colleague: Record<string, string>;
  let admin: Record<string, string>;
  let stranger: Record<string, string>;
  let pricedSupplier = 0;
  let plainSupplier = 0;
  let unlistedSupplier = 0;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    channel = await createChannel(db, { title: 'Shortlist Channel', catalogues: [{ title: 'Shortlist Catalogue', services: [{ title: 'Backups' }, { title: 'Restores' }] }] });
    const backups = serviceId(channel, 'Backups');
    pricedSupplier = await createSupplier(db, { tradingName: 'Kākā Backups', published: [backups, serviceId(channel, 'Restores')] });
    plainSupplier = await createSupplier(db, { tradingName: '=Weka Restores', published: [serviceId(channel, 'Restores')] });
    unlistedSupplier = await createSupplier(db, { tradingName: 'Not Approved Yet', status: 'applicant', published: [backups] });
    // Kākā's listing of Backups is live: its price shows in the CSV.
    const listingId = await createTestListing(db, { supplierId: pricedSupplier, serviceId: backups });
    await db.insert(serviceListingVersions).values({ listingId, version: 1, formVersion: 1, data: completeListingAnswers() });
    await db
      .update(serviceListings)
      .set({ publishedVersion: 1, status: 'published' })
      .where(and(eq(serviceListings.id, listingId), ownedBy(serviceListings, pricedSupplier)));

    const agencyId = await createApprovedAgency(db, 'Ministry of Lists');
    const otherAgencyId = await createApprovedAgency(db, 'Department of Elsewhere');
    const makerUser = await createSignedInUser(context, { name: 'Mere Maker', agencies: [{ agencyId, isAdmin: false }] });
    makerId = makerUser.user.id;
    maker = agencyBearer(makerUser.accessToken, agencyId);
    colleague = agencyBearer((await createSignedInUser(context, { name: 'Colin Colleague', agencies: [{ agencyId, isAdmin: false }] })).accessToken, agencyId);
    admin = agencyBearer((await createSignedInUser(context, { agencies: [{ agencyId, isAdmin: true }] })).accessToken, agencyId);
    stranger = agencyBearer((await createSignedInUser(context, { agencies: [{ agencyId: otherAgencyId, isAdmin: true }] })).accessToken, otherAgencyId);
  });
  afterAll(() => context.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api/v1/agency/shortlists${url}`, headers, ...(payload ? { payload } : {}) });
  const names = async (headers: Record<string, string>) => (await call('GET', '', headers)).json<ShortlistsResponse>().shortlists.map((shortlist) => shortlist.name);

  it('makes a named shortlist, private to its maker, and refuses a name that is empty or too long', async () => {
    expectError(await call('POST', '', maker, { name: '   ' }), 400, 'bad request');
    expectError(await call('POST', '', maker, { name: 'x'.repeat(101) }), 400, 'bad request');
    const created = await call('POST', '', maker, { name: '  Backup providers  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json<ShortlistDetail>()).toMatchObject({ name: 'Backup providers', isShared: false, canManage: true, createdByName: 'Mere Maker', supplierCount: 0, suppliers: [] });
    expect(await names(maker)).toContain('Backup providers');
    expect(await names(colleague)).not.toContain('Backup providers');
    expectError(await call('GET', `/${String(created.json<ShortlistDetail>().id)}`, colleague), 404, 'not found');
    const [entry] = await context.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'shortlist.create'), eq(auditLog.entityId, String(created.json<ShortlistDetail>().id))));
    expect(entry?.actorUserId).toBe(makerId);
  });

  it('makes a shortlist with its first supplier and note in one request; a supplier outside the directory makes none', async () => {
    const made = await call('POST', '', maker, { name: 'From the directory', supplier: { id: pricedSupplier, note: ' Seen on their profile ' } });
    expect(made.statusCode).toBe(201);
    expect(made.json<ShortlistDetail>()).toMatchObject({ name: 'From the directory', supplierCount: 1, suppliers: [{ id: pricedSupplier, note: 'Seen on their profile', addedByName: 'Mere Maker' }] });
    expectError(await call('POST', '', maker, { name: 'Never made', supplier: { id: unlistedSupplier } }), 404, 'not found');
    expectError(await call('POST', '', maker, { name: 'Never made', supplier: { id: pricedSupplier, note: 'x'.repeat(1001) } }), 400, 'bad request');
    expect(await names(maker)).not.toContain('Never made');
  });

  it('adds suppliers of the directory with notes, changes a note and takes one off; a supplier outside the directory is 404', async () => {
    const { id } = (await call('POST', '', maker, { name: 'To compare' })).json<ShortlistDetail>();
    await call('PUT', `/${String(id)}/suppliers/${String(plainSupplier)}`, maker, {});
    const added = await call('PUT', `/${String(id)}/suppliers/${String(pricedSupplier)}`, maker, { note: 'Asked for references.' });
    expect(added.statusCode).toBe(200);
    expect(added.json<ShortlistDetail>().suppliers.map((supplier) => [supplier.name, supplier.note, supplier.isListed, supplier.addedByName])).toEqual([
      ['=Weka Restores', '', true, 'Mere Maker'],
      ['Kākā Backups', 'Asked for references.', true, 'Mere Maker'],
    ]);
    const noted = await call('PUT', `/${String(id)}/suppliers/${String(plainSupplier)}`, maker, { note: 'Cheapest so far.' });
    expect(noted.json<ShortlistDetail>().suppliers.find((supplier) => supplier.id === plainSupplier)?.note).toBe('Cheapest so far.');
    expectError(await call('PUT', `/${String(id)}/suppliers/${String(unlistedSupplier)}`, maker, {}), 404, 'not found');
    expectError(await call('PUT', `/${String(id)}/suppliers/999999`, maker, {}), 404, 'not found');
    expectError(await call('PUT', `/${String(id)}/suppliers/${String(plainSupplier)}`, maker, { note: 'x'.repeat(1001) }), 400, 'bad request');
    const removed = await call('DELETE', `/${String(id)}/suppliers/${String(plainSupplier)}`, maker);
    expect(removed.json<ShortlistDetail>().suppliers.map((supplier) => supplier.name)).toEqual(['Kākā Backups']);
    expectError(await call('DELETE', `/${String(id)}/suppliers/${String(plainSupplier)}`, maker), 404, 'not found');
  });

  it('shared, colleagues see it and change its suppliers, but only its maker or an admin renames or deletes it; another agency never sees it', async () => {
    const { id } = (await call('POST', '', maker, { name: 'Shared list' })).json<ShortlistDetail>();
    expectError(await call('PUT', `/${String(id)}`, colleague, { isShared: true }), 404, 'not found');
    const shared = await call('PUT', `/${String(id)}`, maker, { isShared: true });
    expect(shared.json<ShortlistDetail>().isShared).toBe(true);
    expect(await names(colleague)).toContain('Shared list');
    const seen = (await call('GET', `/${String(id)}`, colleague)).json<ShortlistDetail>();
    expect(seen).toMatchObject({ canManage: false, createdByName: 'Mere Maker' });
    expect((await call('PUT', `/${String(id)}/suppliers/${String(pricedSupplier)}`, colleague, { note: 'Colin: met them.' })).statusCode).toBe(200);
    expectError(await call('PUT', `/${String(id)}`, colleague, { name: 'Mine now' }), 403, 'forbidden');
    expectError(await call('DELETE', `/${String(id)}`, colleague), 403, 'forbidden');

    for (const [method, url] of [
      ['GET', `/${String(id)}`],
      ['PUT', `/${String(id)}`],
      ['DELETE', `/${String(id)}`],
      ['PUT', `/${String(id)}/suppliers/${String(plainSupplier)}`],
      ['GET', `/${String(id)}/export.csv`],
    ] as const) {
      expectError(await call(method, url, stranger, method === 'PUT' ? {} : undefined), 404, 'not found');
    }
    expect(await names(stranger)).not.toContain('Shared list');

    expect((await call('PUT', `/${String(id)}`, admin, { name: 'Renamed by the admin' })).json<ShortlistDetail>().name).toBe('Renamed by the admin');
    const deleted = await call('DELETE', `/${String(id)}`, maker);
    expect(deleted.statusCode).toBe(204);
    expect(await names(colleague)).not.toContain('Renamed by the admin');
    expectError(await call('GET', `/${String(id)}`, maker), 404, 'not found');
  });

  it("names a directory supplier and the shortlists the person sees that hold it; saved again with no note, its note stays", async () => {
    const supplier = (headers: Record<string, string>, id: number) => context.app.inject({ method: 'GET', url: `/api/v1/agency/directory-suppliers/${String(id)}`, headers });
    const own = (await call('POST', '', colleague, { name: 'Colin private' })).json<ShortlistDetail>();
    const shared = (await call('POST', '', maker, { name: 'Mere shared' })).json<ShortlistDetail>();
    await call('PUT', `/${String(shared.id)}`, maker, { isShared: true });
    const hidden = (await call('POST', '', maker, { name: 'Mere private' })).json<ShortlistDetail>();
    for (const [id, headers] of [
      [own.id, colleague],
      [shared.id, maker],
      [hidden.id, maker],
    ] as const) {
      await call('PUT', `/${String(id)}/suppliers/${String(plainSupplier)}`, headers, { note: 'First thoughts.' });
    }
    const seen = await supplier(colleague, plainSupplier);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      id: plainSupplier,
      name: '=Weka Restores',
      onShortlists: [
        { id: shared.id, name: 'Mere shared' },
        { id: own.id, name: 'Colin private' },
      ],
    });
    expect((await supplier(stranger, plainSupplier)).json()).toEqual({ id: plainSupplier, name: '=Weka Restores', onShortlists: [] });
    expectError(await supplier(colleague, unlistedSupplier), 404, 'not found');
    expectError(await supplier(colleague, 999999), 404, 'not found');

    const again = await call('PUT', `/${String(own.id)}/suppliers/${String(plainSupplier)}`, colleague, {});
    expect(again.json<ShortlistDetail>().suppliers).toMatchObject([{ id: plainSupplier, note: 'First thoughts.' }]);
  });

  it("downloads as CSV: the directory's columns, a row per service, the listing's price where there is one, and the note, formula-safe", async () => {
    const { id } = (await call('POST', '', maker, { name: 'Backups: 2026/27!' })).json<ShortlistDetail>();
    await call('PUT', `/${String(id)}/suppliers/${String(pricedSupplier)}`, maker, { note: 'Good references.' });
    await call('PUT', `/${String(id)}/suppliers/${String(plainSupplier)}`, maker, { note: '=SUM(A1)' });
    const csv = await call('GET', `/${String(id)}/export.csv`, colleague);
    // Not shared yet: the colleague gets nothing.
    expect(csv.statusCode).toBe(404);
    const own = await call('GET', `/${String(id)}/export.csv`, maker);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('shortlist-backups-202627.csv');
    const [header, ...rows] = parseCsv(own.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Name', 'Channel', 'Catalogue', 'Service', 'Price', 'Note']);
    expect(rows).toEqual([
      ["'=Weka Restores", 'Shortlist Channel', 'Shortlist Catalogue', 'Restores', '', "'=SUM(A1)"],
      ['Kākā Backups', 'Shortlist Channel', 'Shortlist Catalogue', 'Backups', '$500.00 to $1,500.00 per month, excluding GST', 'Good references.'],
      ['Kākā Backups', 'Shortlist Channel', 'Shortlist Catalogue', 'Restores', '', 'Good references.'],
    ]);
  });
});
