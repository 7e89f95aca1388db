/** POST /api/v1/directory/search through the real app and database. */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectorySearchResponse, SupplierSearchResult } from '../../../common/api/directory';
import { DIRECTORY_KEYWORD_MAX_LENGTH, DIRECTORY_MAX_SUGGESTIONS } from '../../../common/directory';
import { listingPath } from '../../../common/site-paths';
import { createUser } from '../../auth/test-support';
import type { Database } from '../../db/client';
import { catalogues, serviceListings, services, supplierSearchTerms, supplierServices, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { UNSAFE_TEXT_MESSAGE } from '../../http/input-guard';
import { publishListingVersion } from '../listings/service';
import { completeListingAnswers, createTestListing } from '../listings/test-support';
import { directorySearchCache } from './service';
import { catalogueOf, createChannel, createSupplier, parseCsv, postSearch, search, serviceId, type CreatedChannel } from './test-support';

describe('directory search', () => {
  let context: TestContext;
  let digital: CreatedChannel;
  let facilities: CreatedChannel;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    context = await buildTestApp();
    // These tests change data between searches: re-read the directory version on every search.
    directorySearchCache(context.database.db).versionCheckIntervalMs = 0;
    const { db } = context.database;
    digital = await createChannel(db, {
      title: 'Digital and ICT',
      position: 0,
      catalogues: [
        {
          title: 'Cyber Security',
          services: [
            { title: 'Penetration testing', description: 'Authorised simulated attacks on applications and networks.' },
            { title: 'Security architecture', description: 'Design and review of secure solutions.' },
          ],
        },
        {
          title: 'Cloud Services',
          services: [
            { title: 'Cloud hosting', description: 'Onshore virtual servers and storage.' },
            { title: 'Cloud migration', description: 'Moving workloads to the cloud.' },
            { title: 'Cloud cost review', description: 'Nobody lists this service yet.' },
          ],
        },
      ],
    });
    facilities = await createChannel(db, {
      title: 'Facilities',
      position: 1,
      catalogues: [
        {
          title: 'Cleaning',
          services: [
            { title: 'Commercial cleaning', description: 'Office cleaning.' },
            { title: 'Window washing', description: 'High-rise windows.' },
            { title: 'Falcon monitoring', description: 'Bird control on rooftops.' },
          ],
        },
      ],
    });
    const pentest = serviceId(digital, 'Penetration testing');
    const architecture = serviceId(digital, 'Security architecture');
    const hosting = serviceId(digital, 'Cloud hosting');
    const migration = serviceId(digital, 'Cloud migration');
    const cleaning = serviceId(facilities, 'Commercial cleaning');
    const windows = serviceId(facilities, 'Window washing');
    const falcon = serviceId(facilities, 'Falcon monitoring');

    ids.harbourside = await createSupplier(db, { tradingName: 'Harbourside Consulting', published: [pentest, hosting, migration] });
    ids.kowhai = await createSupplier(db, { tradingName: 'Kōwhai Digital', published: [architecture], summary: 'Accessible public services.' });
    ids.zeta = await createSupplier(db, { tradingName: 'Zeta Cleaners', published: [cleaning, windows] });
    ids.alpha = await createSupplier(db, { tradingName: 'alpha windows', published: [windows] });
    ids.tie = await createSupplier(db, { tradingName: 'Tie Breaker Ltd', published: [hosting, pentest] });
    // Never listed: not approved, or nothing published.
    ids.applicant = await createSupplier(db, { tradingName: 'Applicant Penetration Co', status: 'applicant', published: [pentest] });
    ids.inactive = await createSupplier(db, { tradingName: 'Inactive Penetration Co', status: 'inactive', published: [pentest] });
    ids.pending = await createSupplier(db, { tradingName: 'Pending Penetration Co', unpublished: [pentest] });
    // Relevance: the same word in the name, a service title, and the summary.
    ids.falconName = await createSupplier(db, { tradingName: 'Falcon Systems', published: [windows] });
    ids.falconService = await createSupplier(db, { tradingName: 'Bravo Facilities', published: [falcon] });
    ids.falconSummary = await createSupplier(db, { tradingName: 'Charlie Services', published: [cleaning], summary: 'We also help falcon projects.' });
  });
  afterAll(() => context.close());

  const names = (response: { results: { title: string }[] }) => response.results.map((result) => result.title);

  describe('what is listed', () => {
    it('lists only approved suppliers with a published listing, alphabetically without a keyword', async () => {
      const response = await search(context.app, { channel: null, catalogue: null, service: null, keyword: '' });
      expect(names(response)).toEqual([
        'alpha windows',
        'Bravo Facilities',
        'Charlie Services',
        'Falcon Systems',
        'Harbourside Consulting',
        'Kōwhai Digital',
        'Tie Breaker Ltd',
        'Zeta Cleaners',
      ]);
      expect(response).toMatchObject({ total: 8, page: 1, pageSize: 20, services: [] });
    });

    it('answers each result with its profile url, main channel and catalogue, and all its published services by title (none with a listing page)', async () => {
      const response = await search(context.app, { keyword: 'Harbourside' });
      expect(response.results[0]).toEqual({
        id: ids.harbourside,
        title: 'Harbourside Consulting',
        url: `/approved-suppliers/${String(ids.harbourside)}`,
        // Two of its three listings are in Cloud Services.
        channel: 'Digital and ICT',
        catalogue: 'Cloud Services',
        services: [
          { id: serviceId(digital, 'Cloud hosting'), title: 'Cloud hosting' },
          { id: serviceId(digital, 'Cloud migration'), title: 'Cloud migration' },
          { id: serviceId(digital, 'Penetration testing'), title: 'Penetration testing' },
        ],
        // The same services under their catalogues, in site order: Cyber Security comes first in the channel.
        catalogues: [
          {
            id: catalogueOf(digital, 'Cyber Security').id,
            title: 'Cyber Security',
            channel: 'Digital and ICT',
            services: [{ id: serviceId(digital, 'Penetration testing'), title: 'Penetration testing', listingSlug: null }],
          },
          {
            id: catalogueOf(digital, 'Cloud Services').id,
            title: 'Cloud Services',
            channel: 'Digital and ICT',
            services: [
              { id: serviceId(digital, 'Cloud hosting'), title: 'Cloud hosting', listingSlug: null },
              { id: serviceId(digital, 'Cloud migration'), title: 'Cloud migration', listingSlug: null },
            ],
          },
        ],
      });
    });

    it('groups the services of a supplier in four catalogues of two channels under each catalogue, in site order', async () => {
      const { db } = context.database;
      // Channel positions put Later after Earlier; catalogue positions order each channel's catalogues.
      const later = await createChannel(db, {
        title: 'Later channel',
        position: 1600,
        catalogues: [
          { title: 'Quartet Beta', position: 1, services: [{ title: 'Quartet tuning' }] },
          { title: 'Quartet Alpha', position: 0, services: [{ title: 'Quartet strings' }, { title: 'Quartet bows' }] },
        ],
      });
      const earlier = await createChannel(db, {
        title: 'Earlier channel',
        position: 1500,
        catalogues: [
          { title: 'Quartet Delta', position: 0, services: [{ title: 'Quartet scores' }] },
          { title: 'Quartet Gamma', position: 1, services: [{ title: 'Quartet cases' }] },
        ],
      });
      const titles = ['Quartet tuning', 'Quartet strings', 'Quartet bows'].map((title) => serviceId(later, title));
      const quartet = await createSupplier(db, {
        tradingName: 'Quartet Holdings',
        published: [...titles, serviceId(earlier, 'Quartet scores'), serviceId(earlier, 'Quartet cases')],
      });
      const grouped = (result: SupplierSearchResult | undefined) =>
        result?.catalogues.map((catalogue) => [catalogue.channel, catalogue.title, catalogue.services.map((service) => service.title)]);

      const [result] = (await search(context.app, { keyword: 'Quartet Holdings' })).results;
      expect(result).toMatchObject({ id: quartet, channel: 'Later channel', catalogue: 'Quartet Alpha' });
      expect(grouped(result)).toEqual([
        ['Earlier channel', 'Quartet Delta', ['Quartet scores']],
        ['Earlier channel', 'Quartet Gamma', ['Quartet cases']],
        ['Later channel', 'Quartet Alpha', ['Quartet bows', 'Quartet strings']],
        ['Later channel', 'Quartet Beta', ['Quartet tuning']],
      ]);
      // Every service is in exactly one group, and the flat list (spec §3) is unchanged.
      expect(result?.catalogues.flatMap((catalogue) => catalogue.services.map((service) => service.id)).sort()).toEqual(
        result?.services.map((service) => service.id).sort(),
      );

      // Within a filter, only the catalogues holding its services.
      const [filtered] = (await search(context.app, { channel: later.id, keyword: 'Quartet Holdings' })).results;
      expect(grouped(filtered)).toEqual([
        ['Later channel', 'Quartet Alpha', ['Quartet bows', 'Quartet strings']],
        ['Later channel', 'Quartet Beta', ['Quartet tuning']],
      ]);
    });

    it('breaks a tie between catalogues by their order on the site', async () => {
      const response = await search(context.app, { keyword: 'Tie Breaker' });
      expect(response.results[0]).toMatchObject({ title: 'Tie Breaker Ltd', catalogue: 'Cyber Security', channel: 'Digital and ICT' });
    });

    it('follows publication, status, renames and deletion through the triggers', async () => {
      const { db } = context.database;
      const lateService = serviceId(facilities, 'Window washing');
      const late = await createSupplier(db, { tradingName: 'Latecomer Windows', unpublished: [lateService] });
      const find = async (keyword: string) => names(await search(context.app, { keyword }));
      expect(await find('Latecomer')).toEqual([]);

      await db.update(supplierServices).set({ publishedAt: new Date() }).where(eq(supplierServices.supplierId, late));
      expect(await find('Latecomer')).toEqual(['Latecomer Windows']);

      await db.update(suppliers).set({ tradingName: 'Renamed Glaziers' }).where(eq(suppliers.id, late));
      expect(await find('Latecomer')).toEqual([]);
      expect(await find('Glaziers')).toEqual(['Renamed Glaziers']);

      await db.update(suppliers).set({ status: 'inactive' }).where(eq(suppliers.id, late));
      expect(await find('Glaziers')).toEqual([]);
      await db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.id, late));
      expect(await find('Glaziers')).toEqual(['Renamed Glaziers']);

      await db.update(supplierServices).set({ publishedAt: null }).where(eq(supplierServices.supplierId, late));
      expect(await find('Glaziers')).toEqual([]);
      await db.update(supplierServices).set({ publishedAt: new Date() }).where(eq(supplierServices.supplierId, late));

      await db.delete(suppliers).where(eq(suppliers.id, late));
      expect(await find('Glaziers')).toEqual([]);
    });

    it('follows a service renamed or moved to another catalogue', async () => {
      const { db } = context.database;
      const channel = await createChannel(db, {
        title: 'Moves',
        catalogues: [
          { title: 'From', services: [{ title: 'Quokka wrangling' }] },
          { title: 'To', services: [] },
        ],
      });
      const quokka = serviceId(channel, 'Quokka wrangling');
      await createSupplier(db, { tradingName: 'Mover Ltd', published: [quokka] });
      expect(names(await search(context.app, { keyword: 'quokka' }))).toEqual(['Mover Ltd']);

      await db.update(services).set({ title: 'Wombat wrangling' }).where(eq(services.id, quokka));
      expect(names(await search(context.app, { keyword: 'quokka' }))).toEqual([]);
      expect(names(await search(context.app, { keyword: 'wombat' }))).toEqual(['Mover Ltd']);

      const to = catalogueOf(channel, 'To');
      await db.update(services).set({ catalogueId: to.id }).where(eq(services.id, quokka));
      expect(names(await search(context.app, { catalogue: catalogueOf(channel, 'From').id }))).toEqual([]);
      expect(await search(context.app, { catalogue: to.id })).toMatchObject({ results: [{ title: 'Mover Ltd', catalogue: 'To' }] });

      // A catalogue moved to another channel takes its suppliers with it.
      const elsewhere = await createChannel(db, { title: 'Elsewhere', catalogues: [] });
      await db.update(catalogues).set({ channelId: elsewhere.id }).where(eq(catalogues.id, to.id));
      expect(names(await search(context.app, { channel: elsewhere.id, keyword: 'wombat' }))).toEqual(['Mover Ltd']);
      expect(names(await search(context.app, { channel: channel.id }))).toEqual([]);
    });
  });

  describe('filters', () => {
    it('narrows by channel, then catalogue, then service', async () => {
      const cyber = catalogueOf(digital, 'Cyber Security');
      const pentest = serviceId(digital, 'Penetration testing');
      expect(names(await search(context.app, { channel: digital.id }))).toEqual(['Harbourside Consulting', 'Kōwhai Digital', 'Tie Breaker Ltd']);
      expect(names(await search(context.app, { channel: digital.id, catalogue: cyber.id }))).toEqual([
        'Harbourside Consulting',
        'Kōwhai Digital',
        'Tie Breaker Ltd',
      ]);
      expect(names(await search(context.app, { channel: digital.id, catalogue: cyber.id, service: pentest }))).toEqual([
        'Harbourside Consulting',
        'Tie Breaker Ltd',
      ]);
      expect(names(await search(context.app, { channel: facilities.id }))).toEqual([
        'alpha windows',
        'Bravo Facilities',
        'Charlie Services',
        'Falcon Systems',
        'Zeta Cleaners',
      ]);
    });

    it('reads filters as a form posts them: empty means any, digits are the id', async () => {
      const cyber = catalogueOf(digital, 'Cyber Security');
      const pentest = serviceId(digital, 'Penetration testing');
      const everyone = names(await search(context.app, {}));
      const emptyForm = await postSearch(context.app, { channel: '', catalogue: '', keyword: '', service: '' });
      expect(emptyForm.statusCode, emptyForm.body).toBe(200);
      expect(names(emptyForm.json())).toEqual(everyone);

      const asDigits = await postSearch(context.app, { channel: String(digital.id), catalogue: String(cyber.id), service: String(pentest), page: '1', pageSize: '20' });
      expect(asDigits.statusCode, asDigits.body).toBe(200);
      expect(names(asDigits.json())).toEqual(['Harbourside Consulting', 'Tie Breaker Ltd']);
      expect(asDigits.json()).toMatchObject({ page: 1, pageSize: 20 });

      const mixed = await postSearch(context.app, { channel: String(facilities.id), catalogue: null, service: '' });
      expect(names(mixed.json())).toEqual(names(await search(context.app, { channel: facilities.id })));
    });

    it("shows the filter's catalogue and only the services within the filter", async () => {
      const cyber = catalogueOf(digital, 'Cyber Security');
      const response = await search(context.app, { channel: digital.id, catalogue: cyber.id, keyword: 'Harbourside' });
      expect(response.results).toEqual([
        expect.objectContaining({
          title: 'Harbourside Consulting',
          channel: 'Digital and ICT',
          catalogue: 'Cyber Security',
          services: [{ id: serviceId(digital, 'Penetration testing'), title: 'Penetration testing' }],
        }),
      ]);
      const byService = await search(context.app, { service: serviceId(digital, 'Cloud migration') });
      expect(byService.results).toEqual([
        expect.objectContaining({
          title: 'Harbourside Consulting',
          catalogue: 'Cloud Services',
          services: [{ id: serviceId(digital, 'Cloud migration'), title: 'Cloud migration' }],
        }),
      ]);
    });

    it('answers ids that match nothing with an empty page', async () => {
      for (const body of [{ channel: 999_999 }, { catalogue: 999_999 }, { service: 999_999 }, { channel: facilities.id, catalogue: catalogueOf(digital, 'Cyber Security').id }]) {
        expect(await search(context.app, body)).toMatchObject({ results: [], total: 0 });
      }
    });
  });

  describe('keyword', () => {
    it('ranks a name match above a service-title match above a summary match', async () => {
      const response = await search(context.app, { keyword: 'falcon' });
      expect(names(response)).toEqual(['Falcon Systems', 'Bravo Facilities', 'Charlie Services']);
      expect(response.total).toBe(3);
    });

    it('matches service titles with stemming, and never unlisted suppliers', async () => {
      expect(names(await search(context.app, { keyword: 'penetration tests' }))).toEqual(['Harbourside Consulting', 'Tie Breaker Ltd']);
    });

    it('tolerates typos in service titles and trading names, and missing macrons', async () => {
      expect(names(await search(context.app, { keyword: 'penetation' }))).toEqual(['Harbourside Consulting', 'Tie Breaker Ltd']);
      expect(names(await search(context.app, { keyword: 'Harbor' }))).toEqual(['Harbourside Consulting']);
      expect(names(await search(context.app, { keyword: 'kowhai' }))).toEqual(['Kōwhai Digital']);
      expect(names(await search(context.app, { keyword: 'KŌWHAI' }))).toEqual(['Kōwhai Digital']);
    });

    it('searches keywords of 2 characters: acronyms such as IT, HR, AI, UX, EAP and SOC', async () => {
      const { db } = context.database;
      const acronyms = await createChannel(db, {
        title: 'Acronyms',
        catalogues: [
          {
            title: 'Acronym services',
            services: [
              { title: 'IT service desk' },
              { title: 'HR advisory' },
              { title: 'AI model assurance' },
              { title: 'User experience (UX) design' },
              { title: 'Employee assistance programme (EAP)' },
              { title: 'Security operations centre (SOC)' },
            ],
          },
        ],
      });
      const supplierOf: Record<string, string> = {
        IT: 'Lighthouse Helpdesk',
        HR: 'Peopleworks',
        AI: 'Modelcheck',
        UX: 'Usable Studio',
        EAP: 'Wellbeing Partners',
        SOC: 'Nightwatch Security',
      };
      const serviceOf: Record<string, string> = {
        IT: 'IT service desk',
        HR: 'HR advisory',
        AI: 'AI model assurance',
        UX: 'User experience (UX) design',
        EAP: 'Employee assistance programme (EAP)',
        SOC: 'Security operations centre (SOC)',
      };
      for (const [keyword, tradingName] of Object.entries(supplierOf)) {
        await createSupplier(db, { tradingName, published: [serviceId(acronyms, serviceOf[keyword] ?? '')] });
      }
      // A trading name with a 2-character word is found by it too ('it' is an English stop word, so by trigrams).
      await createSupplier(db, { tradingName: 'Kiwi IT Partners', published: [serviceId(acronyms, 'HR advisory')] });

      for (const [keyword, tradingName] of Object.entries(supplierOf)) {
        for (const typed of [keyword, keyword.toLowerCase()]) {
          const response = await postSearch(context.app, { keyword: typed });
          expect(response.statusCode, `${typed}: ${response.body}`).toBe(200);
          const answer = response.json<DirectorySearchResponse>();
          expect(names(answer), typed).toContain(tradingName);
          expect(answer.services.map((service) => service.title), typed).toContain(serviceOf[keyword]);
        }
      }
      expect(names(await search(context.app, { keyword: 'IT' }))).toEqual(expect.arrayContaining(['Lighthouse Helpdesk', 'Kiwi IT Partners']));
      // The API sets no minimum: one character is searched as given (the browser asks for 2 on Search).
      expect((await postSearch(context.app, { keyword: 'I' })).statusCode).toBe(200);
    });

    it('combines a keyword with the filters', async () => {
      // The name match first, then the two that list Window washing.
      expect(names(await search(context.app, { channel: facilities.id, keyword: 'windows' }))).toEqual(['alpha windows', 'Falcon Systems', 'Zeta Cleaners']);
      expect(names(await search(context.app, { channel: digital.id, keyword: 'windows' }))).toEqual([]);
    });
  });

  describe('suggestions', () => {
    it('suggests listed services matching the keyword, closest titles first, with their catalogue and channel', async () => {
      const response = await search(context.app, { keyword: 'cloud' });
      const cloud = catalogueOf(digital, 'Cloud Services');
      expect(response.services).toEqual([
        {
          id: serviceId(digital, 'Cloud hosting'),
          title: 'Cloud hosting',
          description: 'Onshore virtual servers and storage.',
          catalogue: { id: cloud.id, title: 'Cloud Services', channel: { id: digital.id, title: 'Digital and ICT' } },
        },
        {
          id: serviceId(digital, 'Cloud migration'),
          title: 'Cloud migration',
          description: 'Moving workloads to the cloud.',
          catalogue: { id: cloud.id, title: 'Cloud Services', channel: { id: digital.id, title: 'Digital and ICT' } },
        },
      ]);
    });

    it('matches descriptions and typos too', async () => {
      expect((await search(context.app, { keyword: 'onshore' })).services.map((service) => service.title)).toEqual(['Cloud hosting']);
      expect((await search(context.app, { keyword: 'penetation' })).services.map((service) => service.title)).toEqual(['Penetration testing']);
    });

    it('is empty without a keyword, or when nothing matches', async () => {
      expect((await search(context.app, { keyword: '' })).services).toEqual([]);
      expect((await search(context.app, { keyword: '   ' })).services).toEqual([]);
      expect((await search(context.app, { catalogue: catalogueOf(digital, 'Cloud Services').id })).services).toEqual([]);
      expect(await search(context.app, { keyword: 'xylophone' })).toMatchObject({ results: [], services: [], total: 0 });
    });

    it(`suggests at most ${String(DIRECTORY_MAX_SUGGESTIONS)} services`, async () => {
      const { db } = context.database;
      const gadgets = await createChannel(db, {
        title: 'Gadgets',
        catalogues: [{ title: 'Gadgets', services: Array.from({ length: 10 }, (_, index) => ({ title: `Gadget repair ${String(index)}` })) }],
      });
      await createSupplier(db, { tradingName: 'Gadget Fixers', published: gadgets.catalogues[0]?.services.map((service) => service.id) ?? [] });
      const response = await search(context.app, { keyword: 'gadget repair' });
      expect(response.services).toHaveLength(DIRECTORY_MAX_SUGGESTIONS);
      expect(names(response)).toEqual(['Gadget Fixers']);
    });
  });

  describe('paging', () => {
    it('pages the results and reports the total', async () => {
      const { db } = context.database;
      const channel = await createChannel(db, { title: 'Paging', catalogues: [{ title: 'Paging', services: [{ title: 'Paged service' }] }] });
      const service = serviceId(channel, 'Paged service');
      for (let index = 1; index <= 25; index += 1) {
        await createSupplier(db, { tradingName: `Pager ${String(index).padStart(2, '0')}`, published: [service] });
      }
      const third = await search(context.app, { channel: channel.id, page: 3, pageSize: 10 });
      expect(third).toMatchObject({ total: 25, page: 3, pageSize: 10 });
      expect(names(third)).toEqual(['Pager 21', 'Pager 22', 'Pager 23', 'Pager 24', 'Pager 25']);
      expect(await search(context.app, { channel: channel.id, page: 4, pageSize: 10 })).toMatchObject({ results: [], total: 25, page: 4 });
      const ranked = await search(context.app, { keyword: 'pager', page: 2, pageSize: 20 });
      expect(ranked.total).toBe(25);
      expect(names(ranked)).toEqual(['Pager 21', 'Pager 22', 'Pager 23', 'Pager 24', 'Pager 25']);
    });
  });

  describe('a broad one-word keyword (best page read from supplier_search_terms)', () => {
    it('pages in the same order and with the same total as ranking every match, which the export does', async () => {
      const { db } = context.database;
      const channel = await createChannel(db, {
        title: 'Bilby care',
        catalogues: [
          {
            title: 'Bilby services',
            services: [{ title: 'Bilby management' }, { title: 'Managed bilby feeding' }, { title: 'Bilby bilby census' }, { title: 'Marsupial dentistry' }],
          },
        ],
      });
      const [management, feeding, census, dentistry] = ['Bilby management', 'Managed bilby feeding', 'Bilby bilby census', 'Marsupial dentistry'].map((title) =>
        serviceId(channel, title),
      ) as [number, number, number, number];
      // Every mix of where and how often the word appears: name, service titles, summary; ties broken alphabetically.
      const specs = [
        { tradingName: 'Bilby Kings', published: [dentistry] },
        { tradingName: 'Zed Bilby Co', published: [management, census] },
        { tradingName: 'Mid Marsupials', published: [management, feeding, census] },
        { tradingName: 'Abel Marsupials', published: [management] },
        { tradingName: 'Bell Marsupials', published: [management] },
        { tradingName: 'Cole Marsupials', published: [feeding, census] },
        { tradingName: 'Dane Marsupials', published: [dentistry], summary: 'Bilby dentistry for bilby colonies.' },
        { tradingName: 'Egan Marsupials', published: [dentistry], summary: 'Friends of the bilby.' },
        ...Array.from({ length: 12 }, (_, index) => ({ tradingName: `Filler ${String(index).padStart(2, '0')}`, published: index % 2 === 0 ? [feeding] : [census] })),
        { tradingName: 'Nobody Here', published: [dentistry] },
        // Outside the channel, found only by the trigram name branch (a misspelt name), never by full text.
        { tradingName: 'Bilbbby Unlimited', published: [serviceId(facilities, 'Window washing')] },
      ];
      for (const spec of specs) {
        await createSupplier(db, spec);
      }
      const exported = async (query: string) =>
        parseCsv((await context.app.inject({ method: 'GET', url: `/api/v1/directory/export.csv?${query}` })).body.slice(1))
          .slice(1)
          .map((row) => row[0]);
      const inChannel = await exported(`channel=${String(channel.id)}&keyword=bilby`);
      const all = await exported('keyword=bilby');
      // Every supplier of the channel matches (its catalogue's title holds the word); the names first.
      expect(inChannel).toHaveLength(specs.length - 1);
      expect(new Set(inChannel.slice(0, 2))).toEqual(new Set(['Bilby Kings', 'Zed Bilby Co']));
      expect(all).toHaveLength(specs.length);
      expect(all).toContain('Bilbbby Unlimited');
      // The search pages read the word's precomputed ranks: one row per supplier matching it in full text.
      const terms = await db.select({ supplierId: supplierSearchTerms.supplierId }).from(supplierSearchTerms).where(sql`${supplierSearchTerms.lexeme} = (tsvector_to_array(to_tsvector('english', 'bilby')))[1]`);
      expect(terms).toHaveLength(specs.length - 1);
      for (const [filters, expected] of [
        [{}, all],
        [{ channel: channel.id }, inChannel],
      ] as const) {
        const paged: string[] = [];
        for (let page = 1; page <= 5; page += 1) {
          const response = await search(context.app, { ...filters, keyword: 'bilby', page, pageSize: 5 });
          expect(response.total).toBe(expected.length);
          paged.push(...names(response));
        }
        expect(paged).toEqual(expected);
      }
    });

    it('follows a rename through the triggers: the new name ranks first', async () => {
      const { db } = context.database;
      const channel = await createChannel(db, { title: 'Numbat care', catalogues: [{ title: 'Numbats', services: [{ title: 'Numbat rescue' }] }] });
      const rescue = serviceId(channel, 'Numbat rescue');
      const plain = await createSupplier(db, { tradingName: 'Plain Rescuers', published: [rescue] });
      await createSupplier(db, { tradingName: 'Able Rescuers', published: [rescue] });
      expect(names(await search(context.app, { keyword: 'numbat' }))).toEqual(['Able Rescuers', 'Plain Rescuers']);
      await db.update(suppliers).set({ tradingName: 'Zany Numbat Rescuers' }).where(eq(suppliers.id, plain));
      const renamed = await search(context.app, { keyword: 'numbat' });
      expect(names(renamed)).toEqual(['Zany Numbat Rescuers', 'Able Rescuers']);
      expect(renamed.total).toBe(2);
      await db.update(suppliers).set({ status: 'inactive' }).where(eq(suppliers.id, plain));
      expect(await search(context.app, { keyword: 'numbat' })).toMatchObject({ total: 1, results: [{ title: 'Able Rescuers' }] });
    });
  });

  describe('listing text (issue 30): the summary and features of live listings, below everything else', () => {
    let orchards: CreatedChannel;
    let approverId: number;
    const listing: Record<string, number> = {};
    const supplier: Record<string, number> = {};

    /** The listing's working copy with these summary and features (the rest of a complete listing unchanged). */
    async function writeListing(db: Database, listingId: number, summary: string, features: string[]) {
      const [row] = await db
        .update(serviceListings)
        .set({ data: { ...completeListingAnswers(), about: { summary, features, benefits: ['Fewer quandong pests'] } } })
        .where(eq(serviceListings.id, listingId))
        .returning();
      if (!row) {
        throw new Error('listing update returned nothing');
      }
      return row;
    }

    /** Approves the working copy: it becomes the live version, as the team's approval does. */
    async function publishListing(db: Database, listingId: number, summary: string, features: string[]) {
      const row = await writeListing(db, listingId, summary, features);
      await db.transaction((tx) => publishListingVersion(tx, row, approverId, new Date()));
    }

    const slugOf = async (id: number) => (await context.database.db.select({ slug: services.slug }).from(services).where(eq(services.id, id)))[0]?.slug ?? '';
    const exported = async (keyword: string) =>
      parseCsv((await context.app.inject({ method: 'GET', url: `/api/v1/directory/export.csv?keyword=${keyword}` })).body.slice(1))
        .slice(1)
        .map((row) => row[0]);

    beforeAll(async () => {
      const { db } = context.database;
      approverId = (await createUser(db, { isTeamMember: true })).id;
      orchards = await createChannel(db, {
        title: 'Native foods',
        catalogues: [{ title: 'Orchards', services: [{ title: 'Quandong harvesting' }, { title: 'Orchard care' }] }],
      });
      const care = serviceId(orchards, 'Orchard care');
      // The same word in the name, a service title, the supplier's summary, and listing text only.
      supplier.name = await createSupplier(db, { tradingName: 'Quandong Growers', published: [care] });
      supplier.title = await createSupplier(db, { tradingName: 'Able Harvest', published: [serviceId(orchards, 'Quandong harvesting')] });
      supplier.summary = await createSupplier(db, { tradingName: 'Bower Produce', published: [care], summary: 'We also supply quandong seedlings.' });
      for (const [key, tradingName] of [
        ['inSummary', 'Cedar Orchards'],
        ['inFeatures', 'Dune Orchards'],
        ['suspended', 'Elm Orchards'],
        ['draft', 'Fig Orchards'],
        ['waiting', 'Gum Orchards'],
      ] as const) {
        supplier[key] = await createSupplier(db, { tradingName, published: [care] });
        listing[key] = await createTestListing(db, { supplierId: supplier[key] ?? 0, serviceId: care, status: key === 'draft' ? 'draft' : 'approved' });
      }
      await publishListing(db, listing.inSummary ?? 0, 'Orchard care for quandong and finger lime growers.', ['Pruning plans', 'Soil tests']);
      await publishListing(db, listing.inFeatures ?? 0, 'Orchard care for growers of native fruit.', ['Quandong grafting', 'Frost cloth fitting', 'Yield reports']);
      await publishListing(db, listing.suspended ?? 0, 'Orchard care for quandong growers.', ['Pruning plans']);
      await db.update(serviceListings).set({ suspendedAt: new Date() }).where(eq(serviceListings.id, listing.suspended ?? 0));
      // Never published: the working copy only.
      await writeListing(db, listing.draft ?? 0, 'Orchard care for quandong growers.', ['Pruning plans']);
      // Live without the word; the change that adds it waits for review.
      await publishListing(db, listing.waiting ?? 0, 'Orchard care for growers of native fruit.', ['Pruning plans']);
      await writeListing(db, listing.waiting ?? 0, 'Orchard care for quandong growers too.', ['Pruning plans']);
      await db.update(serviceListings).set({ status: 'in_review', submittedAt: new Date() }).where(eq(serviceListings.id, listing.waiting ?? 0));
    });

    it('finds a word of a live listing’s summary or features, ranked below the name, a service title and the supplier’s own summary', async () => {
      const response = await search(context.app, { keyword: 'quandong' });
      expect(names(response)).toEqual(['Quandong Growers', 'Able Harvest', 'Bower Produce', 'Cedar Orchards', 'Dune Orchards']);
      expect(response.total).toBe(5);
      // The export ranks every match through the documents; the page reads supplier_search_terms: the same order.
      expect(await exported('quandong')).toEqual(names(response));
      // A keyword of several words matches within the listing text too.
      expect(names(await search(context.app, { keyword: 'frost cloth' }))).toEqual(['Dune Orchards']);
      expect(names(await search(context.app, { keyword: 'finger lime' }))).toEqual(['Cedar Orchards']);
      // Words spread over the listings' summaries and features match too (Dune Orchards' 'growers' and 'Quandong grafting').
      expect(names(await search(context.app, { keyword: 'quandong growers' }))).toEqual(['Quandong Growers', 'Cedar Orchards', 'Dune Orchards']);
      // And words spread over a supplier's own text and its listings' (its name, a listing's summary).
      expect(names(await search(context.app, { keyword: 'cedar lime' }))).toEqual(['Cedar Orchards']);
      // Quoted phrases, 'or' and '-' need the words' positions, which only the supplier's own text keeps.
      expect(names(await search(context.app, { keyword: '"finger lime"' }))).toEqual([]);
      // Benefits are not searched: every listing here names quandong among them.
      expect(names(await search(context.app, { keyword: 'pests' }))).toEqual([]);
    });

    it('pages and counts listing-text matches as the export orders them, with and without filters', async () => {
      /** Every page's names in turn, each page answering the same total. */
      const paged = async (body: { keyword: string; channel?: number }, pageSize: number, total: number) => {
        const found: string[] = [];
        for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page += 1) {
          const response = await search(context.app, { ...body, page, pageSize });
          expect(response.total, JSON.stringify({ ...body, page, pageSize })).toBe(total);
          found.push(...names(response));
        }
        return found;
      };
      const all = await exported('quandong');
      expect(all).toHaveLength(5);
      for (const pageSize of [1, 2, 3]) {
        expect(await paged({ keyword: 'quandong' }, pageSize, 5)).toEqual(all);
        expect(await paged({ keyword: 'quandong', channel: orchards.id }, pageSize, 5)).toEqual(all);
        expect(await paged({ keyword: 'quandong growers' }, pageSize, 3)).toEqual(['Quandong Growers', 'Cedar Orchards', 'Dune Orchards']);
        expect(await paged({ keyword: 'frost cloth' }, pageSize, 1)).toEqual(['Dune Orchards']);
      }
    });

    it('gives a service the slug of its listing page when buyers can read the listing', async () => {
      const care = serviceId(orchards, 'Orchard care');
      const slug = await slugOf(care);
      const [cedar] = (await search(context.app, { keyword: 'Cedar Orchards' })).results;
      expect(cedar?.services).toEqual([{ id: care, title: 'Orchard care' }]);
      expect(cedar?.catalogues.flatMap((catalogue) => catalogue.services)).toEqual([{ id: care, title: 'Orchard care', listingSlug: slug }]);
      // The page the directory links to is the listing page.
      expect((await context.app.inject({ method: 'GET', url: listingPath(supplier.inSummary ?? 0, slug) })).statusCode).toBe(200);
      // A live listing with a change waiting has one (its live version); a draft, a suspended listing or no listing none.
      const slugFound = async (tradingName: string) =>
        (await search(context.app, { keyword: tradingName })).results.find((result) => result.title === tradingName)?.catalogues[0]?.services[0]?.listingSlug;
      expect(await slugFound('Gum Orchards')).toBe(slug);
      expect(await slugFound('Fig Orchards')).toBeNull();
      expect(await slugFound('Elm Orchards')).toBeNull();
      expect(await slugFound('Quandong Growers')).toBeNull();
    });

    it('leaves out a suspended listing’s text until it is reinstated, and a change until it is approved', async () => {
      const { db } = context.database;
      const [waiting] = await db.select().from(serviceListings).where(eq(serviceListings.id, listing.waiting ?? 0));
      if (!waiting) {
        throw new Error('no waiting listing');
      }
      await db.transaction((tx) => publishListingVersion(tx, waiting, approverId, new Date()));
      expect(names(await search(context.app, { keyword: 'quandong' }))).toEqual([
        'Quandong Growers',
        'Able Harvest',
        'Bower Produce',
        'Cedar Orchards',
        'Dune Orchards',
        'Gum Orchards',
      ]);

      await db.update(serviceListings).set({ suspendedAt: null }).where(eq(serviceListings.id, listing.suspended ?? 0));
      await db.update(serviceListings).set({ suspendedAt: new Date() }).where(eq(serviceListings.id, listing.inSummary ?? 0));
      const after = await search(context.app, { keyword: 'quandong' });
      expect(names(after)).toEqual(['Quandong Growers', 'Able Harvest', 'Bower Produce', 'Dune Orchards', 'Elm Orchards', 'Gum Orchards']);
      expect(await exported('quandong')).toEqual(names(after));
      expect(names(await search(context.app, { keyword: 'finger lime' }))).toEqual([]);
      // Its supplier is still listed, its service no longer linked.
      expect((await search(context.app, { keyword: 'Cedar Orchards' })).results[0]).toMatchObject({ title: 'Cedar Orchards', catalogues: [{ services: [{ listingSlug: null }] }] });

      // Deleting the listings takes their text away too.
      await db.delete(serviceListings).where(inArray(serviceListings.id, [listing.inFeatures ?? 0, listing.suspended ?? 0]));
      expect(names(await search(context.app, { keyword: 'quandong' }))).toEqual(['Quandong Growers', 'Able Harvest', 'Bower Produce', 'Gum Orchards']);
    });
  });

  describe('bad input', () => {
    it('rejects a keyword longer than the limit with a clear 400', async () => {
      const response = await postSearch(context.app, { keyword: 'a'.repeat(10_000) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'bad request',
        message: 'The request is not valid.',
        details: [{ field: 'body.keyword', message: `must NOT have more than ${String(DIRECTORY_KEYWORD_MAX_LENGTH)} characters` }],
      });
    });

    it('searches any text safely: quotes, backslashes, tsquery and LIKE syntax, unicode, control characters', async () => {
      const keywords = [
        "'",
        '\\',
        ':*',
        '&|!()',
        '%_',
        "a:* & b | !c <-> d",
        "'; DROP TABLE suppliers; --",
        '((((',
        '"unterminated',
        '日本語のサービス',
        '🙂🙂',
        'Ünïcödé Ñame',
        'x\u0001y\u001f',
        'the and of',
        '-penetration',
        'penetration OR cloud',
        '*'.repeat(DIRECTORY_KEYWORD_MAX_LENGTH),
        'ab '.repeat(Math.floor(DIRECTORY_KEYWORD_MAX_LENGTH / 3)),
        'z'.repeat(DIRECTORY_KEYWORD_MAX_LENGTH),
      ];
      for (const keyword of keywords) {
        const response = await postSearch(context.app, { keyword });
        expect(response.statusCode, JSON.stringify(keyword)).toBe(200);
      }
      // Text without a letter or digit counts as no keyword: the alphabetical list.
      expect((await search(context.app, { keyword: '&|!()' })).total).toBe((await search(context.app, {})).total);
      expect(names(await search(context.app, { keyword: 'penetration\u0001' }))).toEqual(['Harbourside Consulting', 'Tie Breaker Ltd']);
      // NUL and unpaired surrogates are refused before any route sees them (server/http/input-guard.ts).
      for (const keyword of ['x\u0000y', '\u0000', '\ud800']) {
        const response = await postSearch(context.app, { keyword });
        expect(response.statusCode, JSON.stringify(keyword)).toBe(400);
        expect(response.json<{ details: unknown }>().details).toEqual([{ field: 'body.keyword', message: UNSAFE_TEXT_MESSAGE }]);
      }
    });

    it('rejects ids, pages and fields of the wrong kind', async () => {
      const bodies = [
        { channel: 'abc' },
        { channel: '1.5' },
        { channel: '-1' },
        { channel: ' 1' },
        { channel: '01' },
        { channel: '1e3' },
        { channel: '0' },
        { channel: '2147483648' },
        { channel: '9'.repeat(400) },
        { channel: true },
        { channel: [1] },
        { channel: 0 },
        { catalogue: -1 },
        { service: 1.5 },
        { channel: 2_147_483_648 },
        { page: '' },
        { page: '0' },
        { page: 0 },
        { pageSize: 101 },
        { keyword: 42 },
        { unexpected: true },
        [],
      ];
      for (const body of bodies) {
        const response = await postSearch(context.app, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json(), JSON.stringify(body)).toMatchObject({ error: 'bad request', message: expect.any(String) as string });
      }
      // A refused id is named once, in plain words.
      const refused = await postSearch(context.app, { channel: 'abc', service: 1.5 });
      expect(refused.json<{ details: unknown }>().details).toEqual([
        { field: 'body.channel', message: 'must be a whole number from 1 to 2147483647, or empty for any' },
        { field: 'body.service', message: 'must be a whole number from 1 to 2147483647, or empty for any' },
      ]);
    });

    it('rejects malformed JSON and other media types in the one error shape', async () => {
      const malformed = await context.app.inject({
        method: 'POST',
        url: '/api/v1/directory/search',
        headers: { 'content-type': 'application/json' },
        payload: '{"keyword": "cloud"',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'bad request', message: expect.any(String) as string });

      // Fastify parses text/plain into a string, which is not the object the schema wants.
      const text = await context.app.inject({
        method: 'POST',
        url: '/api/v1/directory/search',
        headers: { 'content-type': 'text/plain' },
        payload: 'cloud',
      });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({ error: 'bad request', message: expect.any(String) as string });

      const xml = await context.app.inject({
        method: 'POST',
        url: '/api/v1/directory/search',
        headers: { 'content-type': 'application/xml' },
        payload: '<keyword>cloud</keyword>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toMatchObject({ error: 'unsupported media type', message: expect.any(String) as string });
    });
  });

  it('is documented in the OpenAPI description', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(paths['/api/v1/directory/search']?.post).toBeDefined();
    expect(paths['/api/v1/directory/export.csv']?.get).toBeDefined();
  });
});
