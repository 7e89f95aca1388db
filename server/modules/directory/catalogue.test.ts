/** The directory's catalogue lists, page tree, home figures and the maintained search table. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/index';
import { demoChannels } from '../../seed/demo-catalogue';
import { supplierSearch } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { directorySearchCache, getDirectoryFigures, getDirectoryTree, listCataloguesOfChannel, listServicesOfCatalogue, refreshSupplierSearch } from './service';
import { createChannel, createSupplier, search, serviceId } from './test-support';

const fold = (title: string) => title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

describe('directory catalogue data', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await buildTestApp();
    // These tests change data between searches: re-read the directory version on every search.
    directorySearchCache(context.database.db).versionCheckIntervalMs = 0;
    await seedDemoData(context.database.db);
  });
  afterAll(() => context.close());

  it("lists a channel's catalogues in site order and a catalogue's services by title", async () => {
    const { db } = context.database;
    const channel = await createChannel(db, {
      title: 'Ordering',
      catalogues: [
        { title: 'Zulu first', position: 0, services: [{ title: 'beta' }, { title: 'Alpha' }, { title: 'Charlie' }] },
        { title: 'Alpha second', position: 1, services: [] },
      ],
    });
    const [first, second] = channel.catalogues;
    expect(await listCataloguesOfChannel(db, channel.id)).toEqual([
      { id: first?.id, title: 'Zulu first' },
      { id: second?.id, title: 'Alpha second' },
    ]);
    // Case and diacritics do not change the order.
    expect((await listServicesOfCatalogue(db, first?.id ?? 0)).map((service) => service.title)).toEqual(['Alpha', 'beta', 'Charlie']);
    expect(await listServicesOfCatalogue(db, second?.id ?? 0)).toEqual([]);
    expect(await listCataloguesOfChannel(db, 999_999)).toEqual([]);
    expect(await listServicesOfCatalogue(db, 9_999_999_999)).toEqual([]);
  });

  it('builds the channel tree: channels and catalogues by position, services by title', async () => {
    const tree = await getDirectoryTree(context.database.db);
    const demo = tree.slice(0, demoChannels.length);
    expect(demo.map((channel) => channel.title)).toEqual(demoChannels.map((channel) => channel.title));
    demo.forEach((channel, index) => {
      const source = demoChannels[index];
      expect(channel.catalogues.map((catalogue) => catalogue.title)).toEqual(source?.catalogues.map((catalogue) => catalogue.title));
      channel.catalogues.forEach((catalogue, catalogueIndex) => {
        const titles = source?.catalogues[catalogueIndex]?.services.map((service) => service.title) ?? [];
        expect(catalogue.services.map((service) => service.title)).toEqual([...titles].sort((a, b) => (fold(a) < fold(b) ? -1 : 1)));
        for (const service of catalogue.services) {
          expect(service).toEqual({ id: expect.any(Number) as number, title: expect.any(String) as string });
        }
      });
    });
  });

  it('counts listed suppliers, the services they list and all catalogues for the home page', async () => {
    const { db } = context.database;
    const before = await getDirectoryFigures(db);
    const demo = await search(context.app, {});
    expect(before.approvedSuppliers).toBe(demo.total);
    expect(before.approvedSuppliers).toBeGreaterThan(0);

    const channel = await createChannel(db, {
      title: 'Figures',
      catalogues: [{ title: 'Figures', services: [{ title: 'Counted service' }, { title: 'Unlisted service' }] }],
    });
    await createSupplier(db, { tradingName: 'Figure Co', published: [serviceId(channel, 'Counted service')] });
    await createSupplier(db, { tradingName: 'Applicant Figure Co', status: 'applicant', published: [serviceId(channel, 'Unlisted service')] });
    expect(await getDirectoryFigures(db)).toEqual({
      approvedSuppliers: before.approvedSuppliers + 1,
      services: before.services + 1,
      catalogues: before.catalogues + 1,
    });
  });

  it('rebuilds supplier_search from the base tables on demand', async () => {
    const { db } = context.database;
    const expected = await db.select().from(supplierSearch).orderBy(supplierSearch.supplierId);
    const [first] = expected;
    if (!first) {
      throw new Error('no listed supplier');
    }
    await db.delete(supplierSearch).where(eq(supplierSearch.supplierId, first.supplierId));
    await refreshSupplierSearch(db, first.supplierId);
    expect(await db.select().from(supplierSearch).orderBy(supplierSearch.supplierId)).toEqual(expected);

    await db.execute(sql`DELETE FROM supplier_search`);
    await refreshSupplierSearch(db);
    expect(await db.select().from(supplierSearch).orderBy(supplierSearch.supplierId)).toEqual(expected);
  });
});
