/**
 * The team's catalogue management (/api/v1/admin/catalogue): every route through the real app, the
 * stored rows and audit entries, the refusals (which store nothing), and what retiring does to the
 * public side: gone from the directory, the channel tree and new applications, kept by old ones.
 */
import { and, count, desc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamApplication } from '../../../common/api/team-applications';
import type { ApplicationResponse, SaveApplicationResponse, ServiceListResponse } from '../../../common/api/applications';
import type { TeamCatalogueItem, TeamCatalogueTree, TeamSiblingOrder } from '../../../common/api/team-catalogue';
import type { DirectoryTree } from '../../../common/api/directory';
import { auditLog, catalogues, channels, services } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser, createTestApplication } from '../applications/team-test-support';
import { directorySearchCache } from '../directory/service';
import { createSupplier, search } from '../directory/test-support';
import { createSupplierWithAdmin, expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import { slugFromTitle } from './team-service';

const API = '/api/v1/admin/catalogue';

describe('slugFromTitle', () => {
  it('makes slugs the way the seeded ones read', () => {
    expect(slugFromTitle('Digital and ICT')).toBe('digital-and-ict');
    expect(slugFromTitle('Cloud hosting (IaaS)')).toBe('cloud-hosting-iaas');
    expect(slugFromTitle('  Māori & Pasifika design  ')).toBe('maori-and-pasifika-design');
    expect(slugFromTitle('日本')).toBe('');
    expect(slugFromTitle('a'.repeat(200))).toHaveLength(80);
  });
});

describe('the team catalogue API', () => {
  let context: TestContext;
  let teamMember: Record<string, string>;
  let teamUserId: number;
  let supplier: SupplierWithAdmin;

  beforeAll(async () => {
    context = await buildTestApp();
    const team = await createTeamMemberUser(context);
    teamMember = team.headers;
    teamUserId = team.user.id;
    supplier = await createSupplierWithAdmin(context, 'Kōwhai Consulting');
    directorySearchCache(context.database.db).versionCheckIntervalMs = 0;
  });
  afterAll(() => context.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = teamMember): Promise<LightMyRequestResponse> =>
    context.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  async function created(kind: 'channels' | 'catalogues' | 'services', payload: object): Promise<TeamCatalogueItem> {
    const response = await call('POST', `${API}/${kind}`, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TeamCatalogueItem>();
  }

  async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = teamMember): Promise<T> {
    const response = await call(method, url, payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /** Rows of the catalogue tables and the catalogue's audit entries: a refusal changes none. */
  async function stored() {
    const { db } = context.database;
    return Promise.all([
      db.select().from(channels).orderBy(channels.id),
      db.select().from(catalogues).orderBy(catalogues.id),
      db.select().from(services).orderBy(services.id),
      db.select({ total: count() }).from(auditLog).where(like(auditLog.action, 'catalogue.%')),
    ]);
  }

  async function auditOf(action: string, entity: string, entityId: number) {
    return context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
      .orderBy(desc(auditLog.id));
  }

  async function tree(): Promise<TeamCatalogueTree> {
    return ok<TeamCatalogueTree>('GET', API);
  }

  it('is for the team only: a supplier user gets 403 and nothing is stored', async () => {
    const before = await stored();
    expectError(await call('GET', API, undefined, supplier.headers), 403, 'forbidden');
    expectError(await call('POST', `${API}/channels`, { title: 'Sneaky' }, supplier.headers), 403, 'forbidden');
    expectError(await call('GET', API, undefined, {}), 401, 'unauthorized');
    expect(await stored()).toEqual(before);
  });

  it('creates channels, catalogues and services with trimmed titles, unique slugs and the next position, each audited', async () => {
    const channel = await created('channels', { title: '  Facilities Management ', description: ' Buildings. ' });
    expect(channel).toMatchObject({ kind: 'channel', parentId: null, slug: 'facilities-management', title: 'Facilities Management', description: 'Buildings.', retiredAt: null });
    const again = await created('channels', { title: 'Facilities management' });
    const third = await created('channels', { title: 'Facilities  Management!' });
    expect([again.slug, third.slug]).toEqual(['facilities-management-2', 'facilities-management-3']);
    expect(again.position).toBe((channel.position ?? 0) + 1);

    const first = await created('catalogues', { channelId: channel.id, title: 'Cleaning' });
    const second = await created('catalogues', { channelId: String(channel.id), title: 'Security guards' });
    expect(first).toMatchObject({ kind: 'catalogue', parentId: channel.id, slug: 'cleaning', position: 0, description: '' });
    expect(second.position).toBe(1);
    // 'services' is where the cascade form's option list lives: no page may take it.
    const reserved = await created('services', { catalogueId: first.id, title: 'Services' });
    expect(reserved).toMatchObject({ kind: 'service', parentId: first.id, slug: 'services-2', position: null });
    const service = await created('services', { catalogueId: first.id, title: 'Office cleaning', description: 'Daily.\nWeekly.' });
    expect(service.description).toBe('Daily.\nWeekly.');

    const [audit] = await auditOf('catalogue.create', 'service', service.id);
    expect(audit).toMatchObject({ entity: 'service', actorUserId: teamUserId, before: null, after: service });
    expect(await auditOf('catalogue.create', 'channel', channel.id)).toEqual([expect.objectContaining({ entity: 'channel' })]);
  });

  it('answers the whole tree with retired items marked, positions, slugs and counts', async () => {
    const channel = await created('channels', { title: 'Tree channel' });
    const catalogue = await created('catalogues', { channelId: channel.id, title: 'Tree catalogue' });
    const listed = await created('services', { catalogueId: catalogue.id, title: 'Listed service' });
    const retired = await created('services', { catalogueId: catalogue.id, title: 'Old service' });
    await createSupplier(context.database.db, { tradingName: 'Tree Supplier', published: [listed.id] });
    await createSupplier(context.database.db, { tradingName: 'Tree Draft Supplier', unpublished: [listed.id] });
    await createTestApplication(context, { supplierId: supplier.supplierId, services: [{ serviceId: listed.id }, { serviceId: retired.id }] });
    await ok('POST', `${API}/services/${retired.id}/retire`);

    const found = (await tree()).channels.find((candidate) => candidate.id === channel.id);
    expect(found).toEqual({
      id: channel.id,
      slug: 'tree-channel',
      title: 'Tree channel',
      description: '',
      position: channel.position,
      retiredAt: null,
      catalogues: [
        {
          id: catalogue.id,
          slug: 'tree-catalogue',
          title: 'Tree catalogue',
          description: '',
          position: 0,
          retiredAt: null,
          services: [
            { id: listed.id, slug: 'listed-service', title: 'Listed service', description: '', retiredAt: null, supplierCount: 2, applicationCount: 1 },
            { id: retired.id, slug: 'old-service', title: 'Old service', description: '', retiredAt: expect.any(String) as string, supplierCount: 0, applicationCount: 1 },
          ],
        },
      ],
    });
  });

  it('renames an item keeping its slug, so its public page keeps its address; last write wins', async () => {
    const channel = await created('channels', { title: 'Rename channel' });
    const catalogue = await created('catalogues', { channelId: channel.id, title: 'Rename catalogue' });
    const service = await created('services', { catalogueId: catalogue.id, title: 'Penguin care', description: 'Old words.' });

    const renamed = await ok<TeamCatalogueItem>('PUT', `${API}/services/${service.id}`, { title: ' Penguin welfare ', description: 'New words.' });
    expect(renamed).toMatchObject({ id: service.id, slug: 'penguin-care', title: 'Penguin welfare', description: 'New words.' });
    const later = await ok<TeamCatalogueItem>('PUT', `${API}/services/${service.id}`, { title: 'Penguin wellbeing' });
    expect(later).toMatchObject({ slug: 'penguin-care', title: 'Penguin wellbeing', description: 'New words.' });

    const page = await context.app.inject({ method: 'GET', url: '/services/penguin-care' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Penguin wellbeing');
    expect((await ok<TeamCatalogueItem>('PUT', `${API}/channels/${channel.id}`, { title: 'Renamed channel' })).slug).toBe('rename-channel');
    expect((await ok<TeamCatalogueItem>('PUT', `${API}/catalogues/${catalogue.id}`, { title: 'Renamed catalogue' })).slug).toBe('rename-catalogue');
    expect((await context.app.inject({ method: 'GET', url: '/catalogues/rename-catalogue' })).statusCode).toBe(200);

    const [audit] = await auditOf('catalogue.rename', 'service', service.id);
    expect(audit).toMatchObject({
      entity: 'service',
      before: { title: 'Penguin welfare', description: 'New words.' },
      after: { title: 'Penguin wellbeing', description: 'New words.' },
    });
  });

  it('refuses bad titles, unknown ids and retired parents, storing nothing', async () => {
    const channel = await created('channels', { title: 'Refusals channel' });
    const catalogue = await created('catalogues', { channelId: channel.id, title: 'Refusals catalogue' });
    const service = await created('services', { catalogueId: catalogue.id, title: 'Refusals service' });
    const retiredChannel = await created('channels', { title: 'Retired channel' });
    const heldCatalogue = await created('catalogues', { channelId: retiredChannel.id, title: 'Held catalogue' });
    await ok('POST', `${API}/channels/${retiredChannel.id}/retire`);

    const before = await stored();
    for (const title of ['', '   ', 'x'.repeat(121), 'Bell\u0007', 'Tab\there', 'Acme\u202Edlrow', 'Line\nbreak']) {
      expectError(await call('POST', `${API}/channels`, { title }), 400, 'bad request');
      expectError(await call('PUT', `${API}/services/${service.id}`, { title }), 400, 'bad request');
    }
    expectError(await call('POST', `${API}/channels`, {}), 400, 'bad request');
    expectError(await call('POST', `${API}/channels`, { title: 'Fine', extra: 1 }), 400, 'bad request');
    expectError(await call('POST', `${API}/channels`, { title: 'Fine', description: 'Bell\u0007' }), 400, 'bad request');
    expectError(await call('POST', `${API}/catalogues`, { channelId: 'abc', title: 'Fine' }), 400, 'bad request');
    expectError(await call('POST', `${API}/catalogues`, { channelId: 987654321, title: 'Fine' }), 404, 'not found');
    expectError(await call('POST', `${API}/services`, { catalogueId: 987654321, title: 'Fine' }), 404, 'not found');
    const conflict = await call('POST', `${API}/catalogues`, { channelId: retiredChannel.id, title: 'Fine' });
    expectError(conflict, 409, 'conflict');
    expect(conflict.json<{ message: string }>().message).toContain('Retired channel is retired');
    expectError(await call('POST', `${API}/services`, { catalogueId: heldCatalogue.id, title: 'Fine' }), 409, 'conflict');
    for (const folder of ['channels', 'catalogues', 'services']) {
      expectError(await call('PUT', `${API}/${folder}/987654321`, { title: 'Fine' }), 404, 'not found');
      expectError(await call('POST', `${API}/${folder}/987654321/retire`), 404, 'not found');
      expectError(await call('POST', `${API}/${folder}/987654321/restore`), 404, 'not found');
    }
    expectError(await call('POST', `${API}/channels/987654321/move`, { direction: 'up' }), 404, 'not found');
    expectError(await call('POST', `${API}/catalogues/987654321/move`, { direction: 'up' }), 404, 'not found');
    expectError(await call('POST', `${API}/catalogues/${catalogue.id}/move`, { direction: 'sideways' }), 400, 'bad request');
    expectError(await call('PUT', `${API}/catalogues/order`, { channelId: 987654321, ids: [] }), 404, 'not found');
    // Already retired / not retired / still held by a retired channel.
    expectError(await call('POST', `${API}/channels/${retiredChannel.id}/retire`), 409, 'conflict');
    expectError(await call('POST', `${API}/services/${service.id}/restore`), 409, 'conflict');
    expect(await stored()).toEqual(before);
  });

  it('moves catalogues and channels up and down among their live siblings, and takes a full order', async () => {
    const channel = await created('channels', { title: 'Order channel' });
    const [a, b, c, d] = [
      await created('catalogues', { channelId: channel.id, title: 'A' }),
      await created('catalogues', { channelId: channel.id, title: 'B' }),
      await created('catalogues', { channelId: channel.id, title: 'C' }),
      await created('catalogues', { channelId: channel.id, title: 'D' }),
    ];
    await ok('POST', `${API}/catalogues/${b.id}/retire`);

    // C moves up past the retired B to take A's place among the live ones.
    const moved = await ok<TeamSiblingOrder>('POST', `${API}/catalogues/${c.id}/move`, { direction: 'up' });
    expect(moved).toEqual({ kind: 'catalogue', parentId: channel.id, ids: [c.id, b.id, a.id, d.id] });
    const positions = (await tree()).channels.find((candidate) => candidate.id === channel.id)?.catalogues.map((catalogue) => [catalogue.id, catalogue.position]);
    expect(positions).toEqual([
      [c.id, 0],
      [b.id, 1],
      [a.id, 2],
      [d.id, 3],
    ]);
    expect(await auditOf('catalogue.reorder', 'catalogue', c.id)).toEqual([expect.objectContaining({ entity: 'catalogue', before: { position: 2 }, after: { position: 0 } })]);

    const before = await stored();
    const first = await call('POST', `${API}/catalogues/${c.id}/move`, { direction: 'up' });
    expectError(first, 409, 'conflict');
    expect(first.json<{ message: string }>().message).toBe('The catalogue C is already first.');
    expectError(await call('POST', `${API}/catalogues/${d.id}/move`, { direction: 'down' }), 409, 'conflict');
    const retiredMove = await call('POST', `${API}/catalogues/${b.id}/move`, { direction: 'down' });
    expectError(retiredMove, 409, 'conflict');
    expect(retiredMove.json<{ message: string }>().message).toContain('restore it before moving it');
    // Not exactly the siblings: one missing, a stranger, one twice.
    for (const ids of [[a.id, b.id, c.id], [a.id, b.id, c.id, d.id, 987654321], [a.id, b.id, c.id, d.id, d.id], []]) {
      expectError(await call('PUT', `${API}/catalogues/order`, { channelId: channel.id, ids }), 400, 'bad request');
    }
    expect(await stored()).toEqual(before);

    const ordered = await ok<TeamSiblingOrder>('PUT', `${API}/catalogues/order`, { channelId: channel.id, ids: [d.id, a.id, b.id, c.id] });
    expect(ordered.ids).toEqual([d.id, a.id, b.id, c.id]);
    expect((await tree()).channels.find((candidate) => candidate.id === channel.id)?.catalogues.map((catalogue) => catalogue.title)).toEqual(['D', 'A', 'B', 'C']);

    const allChannels = (await tree()).channels.map((candidate) => candidate.id);
    const reversed = [...allChannels].reverse();
    expect((await ok<TeamSiblingOrder>('PUT', `${API}/channels/order`, { ids: reversed })).ids).toEqual(reversed);
    expect((await tree()).channels.map((candidate) => candidate.id)).toEqual(reversed);
    const top = reversed[0] ?? 0;
    expect((await ok<TeamSiblingOrder>('POST', `${API}/channels/${top}/move`, { direction: 'down' })).ids[0]).not.toBe(top);
    expectError(await call('PUT', `${API}/channels/order`, { ids: allChannels.slice(1) }), 400, 'bad request');
  });

  describe('retiring', () => {
    let live: number;
    let old: number;
    let catalogueId: number;
    let channelId: number;

    beforeAll(async () => {
      const channel = await created('channels', { title: 'Marine Services' });
      const catalogue = await created('catalogues', { channelId: channel.id, title: 'Hull work' });
      channelId = channel.id;
      catalogueId = catalogue.id;
      live = (await created('services', { catalogueId, title: 'Hull painting' })).id;
      old = (await created('services', { catalogueId, title: 'Barnacle scraping', description: 'Scraping barnacles off hulls.' })).id;
      await createSupplier(context.database.db, { tradingName: 'Both Hulls Ltd', published: [live, old] });
      await createSupplier(context.database.db, { tradingName: 'Barnacle Only Ltd', published: [old] });
    });

    const names = async (request: Parameters<typeof search>[1]) => (await search(context.app, request)).results.map((result) => result.title);
    const channelTree = async () => ok<DirectoryTree>('GET', '/api/v1/channel', undefined, {});
    const treeServices = (channels: DirectoryTree) =>
      channels.flatMap((channel) => channel.catalogues.flatMap((catalogue) => catalogue.services.map((service) => service.id)));

    it('takes a retired service out of the directory, the channel tree and new applications; old applications keep it', async () => {
      // Applications made before: a submitted one, and another supplier's draft made through the API.
      const submitted = await createTestApplication(context, { supplierId: supplier.supplierId, services: [{ serviceId: old }] });
      const drafter = await createSupplierWithAdmin(context, 'Draft Marine Ltd');
      const draft = await ok<SaveApplicationResponse>(
        'POST',
        '/api/v1/application',
        { form: { key: 'application', version: 1 }, progress: 1, status: 'incomplete', application: { services: [old], answers: {} } },
        drafter.headers,
      );
      expect(await names({ keyword: 'barnacle' })).toEqual(['Barnacle Only Ltd', 'Both Hulls Ltd']);

      const retired = await ok<TeamCatalogueItem>('POST', `${API}/services/${old}/retire`);
      expect(retired).toMatchObject({ kind: 'service', id: old, retiredAt: expect.any(String) as string });
      expect(await auditOf('catalogue.retire', 'service', old)).toEqual([expect.objectContaining({ entity: 'service', actorUserId: teamUserId, before: { retiredAt: null } })]);

      // The directory: search, filters, suggestions, CSV, the public pages.
      const found = await search(context.app, { keyword: 'barnacle' });
      expect(found.results.map((result) => result.title)).not.toContain('Barnacle Only Ltd');
      expect(found.services.map((service) => service.id)).not.toContain(old);
      expect(await names({ service: old })).toEqual([]);
      const byChannel = await search(context.app, { channel: channelId });
      expect(byChannel.results.map((result) => [result.title, result.services.map((service) => service.id)])).toEqual([['Both Hulls Ltd', [live]]]);
      expectError(await context.app.inject({ method: 'GET', url: `/api/v1/directory/export.csv?service=${old}` }), 400, 'bad request');
      const csv = await context.app.inject({ method: 'GET', url: `/api/v1/directory/export.csv?channel=${channelId}` });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Barnacle');
      expect((await context.app.inject({ method: 'GET', url: '/services/barnacle-scraping' })).statusCode).toBe(404);
      expect((await context.app.inject({ method: 'GET', url: `/services?catalogue=${catalogueId}` })).json()).toEqual([{ id: live, title: 'Hull painting' }]);

      // The channel tree the public and the dashboard see, and the services an application can choose.
      expect(treeServices(await channelTree())).toContain(live);
      expect(treeServices(await channelTree())).not.toContain(old);
      const choosable = await ok<ServiceListResponse>('GET', '/api/v1/service', undefined, supplier.headers);
      expect(choosable.map((service) => service.id)).not.toContain(old);
      const form = await call('GET', `/api/v1/supplier-form?services=${live},${old}`, undefined, supplier.headers);
      expectError(form, 400, 'bad request');
      expect(form.json<{ message: string }>().message).toBe('Barnacle scraping is no longer offered: choose another service.');
      expect((await call('GET', `/api/v1/supplier-form?services=${live}`, undefined, supplier.headers)).statusCode).toBe(200);
      const newApplication = { form: { key: 'application', version: 1 }, progress: 1, status: 'incomplete', application: { services: [old], answers: {} } };
      const applicationsBefore = await stored();
      expectError(await call('POST', '/api/v1/application', newApplication, supplier.headers), 400, 'bad request');
      expect(await stored()).toEqual(applicationsBefore);

      // Old applications still read it by title, and the draft naming it can still be saved.
      const application = await ok<TeamApplication>('GET', `/api/v1/admin/applications/${submitted.id}`);
      expect(application.servicesWithStatus).toEqual([expect.objectContaining({ id: old, title: 'Barnacle scraping' })]);
      const loaded = await ok<ApplicationResponse>('GET', `/api/v1/application/${draft.applicationId}`, undefined, drafter.headers);
      expect(loaded.servicesWithStatus.map((service) => service.title)).toEqual(['Barnacle scraping']);
      const resaved = await call(
        'POST',
        '/api/v1/application',
        { ...newApplication, referenceId: draft.referenceId, lastEdited: loaded.lastEdited },
        drafter.headers,
      );
      expect(resaved.statusCode, resaved.body).toBe(200);

      // Restored: back everywhere.
      await ok('POST', `${API}/services/${old}/restore`);
      expect(await auditOf('catalogue.restore', 'service', old)).toHaveLength(1);
      expect(await names({ keyword: 'barnacle' })).toEqual(['Barnacle Only Ltd', 'Both Hulls Ltd']);
      expect(treeServices(await channelTree())).toContain(old);
    });

    it('retiring a catalogue or a channel retires what it holds from public view, and restoring brings it back', async () => {
      await ok('POST', `${API}/catalogues/${catalogueId}/retire`);
      expect(await names({ keyword: 'hull' })).toEqual([]);
      expect(await names({ catalogue: catalogueId })).toEqual([]);
      expect(treeServices(await channelTree())).not.toContain(live);
      expect((await channelTree()).find((channel) => channel.id === channelId)?.catalogues).toEqual([]);
      expectError(await call('GET', `/api/v1/supplier-form?services=${live}`, undefined, supplier.headers), 400, 'bad request');
      expect((await context.app.inject({ method: 'GET', url: '/catalogues/hull-work' })).statusCode).toBe(404);
      expect((await context.app.inject({ method: 'GET', url: '/services/hull-painting' })).statusCode).toBe(404);
      // The service's own flag is untouched: restoring the catalogue brings it back as it was.
      expect((await tree()).channels.flatMap((channel) => channel.catalogues).find((catalogue) => catalogue.id === catalogueId)?.services.every((service) => service.retiredAt === null)).toBe(true);
      await ok('POST', `${API}/catalogues/${catalogueId}/restore`);
      // Both list a service of the 'Hull work' catalogue, whose title is in their documents.
      expect((await names({ keyword: 'hull' })).sort()).toEqual(['Barnacle Only Ltd', 'Both Hulls Ltd']);

      await ok('POST', `${API}/channels/${channelId}/retire`);
      expect(await names({ channel: channelId })).toEqual([]);
      expect((await channelTree()).map((channel) => channel.id)).not.toContain(channelId);
      expect((await context.app.inject({ method: 'GET', url: '/sales-channels/marine-services' })).statusCode).toBe(404);
      // A service retired on its own inside a retired channel…
      await ok('POST', `${API}/services/${live}/retire`);
      // …cannot come back while its channel is retired.
      const blocked = await call('POST', `${API}/services/${live}/restore`);
      expectError(blocked, 409, 'conflict');
      expect(blocked.json<{ message: string }>().message).toBe('The channel Marine Services holding it is retired: restore it first.');
      await ok('POST', `${API}/channels/${channelId}/restore`);
      await ok('POST', `${API}/services/${live}/restore`);
      expect(await names({ channel: channelId })).toEqual(['Barnacle Only Ltd', 'Both Hulls Ltd']);
      expect(await names({ keyword: 'hull painting' })).toContain('Both Hulls Ltd');
    });
  });
});
