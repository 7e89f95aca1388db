/** The cascade form's option lists, answered under every folder whose pages show the form. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, channels, services } from '../../db/schema/index';
import { seedDemoData } from '../../seed/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { CASCADE_FOLDERS } from './cascade-routes';

describe('cascade option routes', () => {
  let context: TestContext;
  let channelId: number;
  let catalogueId: number;
  let catalogueTitles: string[];
  let serviceTitles: string[];

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    await seedDemoData(db);
    const [channel] = await db.select().from(channels).where(eq(channels.slug, 'digital-and-ict'));
    const [catalogue] = await db.select().from(catalogues).where(eq(catalogues.slug, 'cloud-services'));
    if (!channel || !catalogue) {
      throw new Error('demo data missing');
    }
    channelId = channel.id;
    catalogueId = catalogue.id;
    catalogueTitles = (await db.select().from(catalogues).where(eq(catalogues.channelId, channelId)).orderBy(asc(catalogues.position))).map(
      (row) => row.title,
    );
    serviceTitles = (await db.select().from(services).where(eq(services.catalogueId, catalogueId))).map((row) => row.title);
  });
  afterAll(() => context.close());

  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });

  it.each(CASCADE_FOLDERS.map((folder) => [folder === '' ? '/' : folder, folder]))(
    'under %s answers catalogues?channel={id} and services?catalogue={id} as [{id, title}]',
    async (_label, folder) => {
      const catalogueResponse = await get(`${folder}/catalogues?channel=${channelId}`);
      expect(catalogueResponse.statusCode).toBe(200);
      expect(catalogueResponse.headers['content-type']).toContain('application/json');
      const catalogueList = catalogueResponse.json<{ id: number; title: string }[]>();
      expect(catalogueList.map((item) => item.title).sort()).toEqual([...catalogueTitles].sort());
      for (const item of catalogueList) {
        expect(Object.keys(item).sort()).toEqual(['id', 'title']);
        expect(typeof item.id).toBe('number');
      }

      const serviceResponse = await get(`${folder}/services?catalogue=${catalogueId}`);
      expect(serviceResponse.statusCode).toBe(200);
      const serviceList = serviceResponse.json<{ id: number; title: string }[]>();
      expect(serviceList.map((item) => item.title).sort()).toEqual([...serviceTitles].sort());
    },
  );

  it('answers an unknown id with an empty list', async () => {
    for (const url of ['/catalogues?channel=987654', '/sales-channels/services?catalogue=987654', '/services/catalogues?channel=1234']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual([]);
    }
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '12345678901', '', '%00', '1;drop'])('answers the id %j with 400 in the one error shape', async (id) => {
    for (const url of [`/catalogues?channel=${id}`, `/catalogues/services?catalogue=${id}`, `/sales-channels/catalogues?channel=${id}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: 'bad request', message: expect.any(String) as string });
    }
  });

  it('answers a missing id with 400 under a folder, and sends a visitor at the root to the sales channels', async () => {
    expect((await get('/sales-channels/catalogues')).statusCode).toBe(400);
    expect((await get('/services/services')).statusCode).toBe(400);
    const root = await get('/catalogues');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/sales-channels');
    expect((await get('/services')).headers.location).toBe('/sales-channels');
  });

  it('does not shadow the pages beside it', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/catalogues/cloud-services', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const channelPage = await context.app.inject({ method: 'GET', url: '/sales-channels/digital-and-ict', headers: { accept: 'text/html' } });
    expect(channelPage.statusCode).toBe(200);
  });
});
