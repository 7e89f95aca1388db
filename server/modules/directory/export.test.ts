/** GET /api/v1/directory/export.csv through the real app and database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_KEYWORD_MAX_LENGTH } from '../../../common/directory';
import { supplierServices, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { directoryCsvRecord, directorySearchCache, EXPORT_BATCH_SIZE } from './service';
import { catalogueOf, createChannel, createSupplier, parseCsv, search, serviceId, type CreatedChannel } from './test-support';

const BOM = '\ufeff';

describe('directory CSV export', () => {
  let context: TestContext;
  let digital: CreatedChannel;
  let maori: CreatedChannel;
  let bulk: CreatedChannel;
  const BULK_SUPPLIERS = 2 * EXPORT_BATCH_SIZE + 137;

  beforeAll(async () => {
    context = await buildTestApp();
    // These tests change data between searches: re-read the directory version on every search.
    directorySearchCache(context.database.db).versionCheckIntervalMs = 0;
    const { db } = context.database;
    digital = await createChannel(db, {
      title: 'Digital and ICT',
      catalogues: [
        { title: 'Cyber Security', services: [{ title: 'Penetration testing' }, { title: 'Security architecture' }] },
        { title: 'Cloud Services', services: [{ title: 'Cloud hosting' }] },
      ],
    });
    maori = await createChannel(db, {
      title: 'Māori Services',
      catalogues: [{ title: 'Te Reo', services: [{ title: '=cmd|" /C calc"!A0' }] }],
    });
    const pentest = serviceId(digital, 'Penetration testing');
    const architecture = serviceId(digital, 'Security architecture');
    const hosting = serviceId(digital, 'Cloud hosting');
    await createSupplier(db, { tradingName: 'Harbourside, "Consulting"', published: [pentest, architecture, hosting] });
    await createSupplier(db, { tradingName: '=HYPERLINK("http://evil.example","click")', published: [hosting] });
    await createSupplier(db, { tradingName: '+64 Digital', published: [architecture] });
    await createSupplier(db, { tradingName: '@Risk Ltd', published: [pentest] });
    await createSupplier(db, { tradingName: 'Kōwhai Reo', published: [serviceId(maori, '=cmd|" /C calc"!A0')] });
    await createSupplier(db, { tradingName: 'Hidden Applicant', status: 'applicant', published: [pentest] });

    // More suppliers than two export batches, all equally relevant to "bulk", some with the same
    // name: the keyset must carry ties across batches without losing or repeating a row.
    bulk = await createChannel(db, { title: 'Bulk', catalogues: [{ title: 'Bulk', services: [{ title: 'Bulk service' }] }] });
    const rows = await db
      .insert(suppliers)
      .values(
        Array.from({ length: BULK_SUPPLIERS }, (_, index) => {
          const name = index % 100 === 0 ? 'Bulk Twin' : `Bulk Supplier ${String(index).padStart(4, '0')}`;
          return { tradingName: name, legalName: name, status: 'approved' as const };
        }),
      )
      .returning({ id: suppliers.id });
    const bulkService = serviceId(bulk, 'Bulk service');
    await db.insert(supplierServices).values(rows.map((row) => ({ supplierId: row.id, serviceId: bulkService, publishedAt: new Date() })));
  });
  afterAll(() => context.close());

  const exportCsv = (query = '') => context.app.inject({ method: 'GET', url: `/api/v1/directory/export.csv${query}` });

  it('downloads every listed supplier as UTF-8 CSV with a BOM, the four columns and the plain file name', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="approved-suppliers.csv"; filename*=UTF-8''approved-suppliers.csv`,
    );
    expect(response.body.startsWith(BOM)).toBe(true);
    const records = parseCsv(response.body.slice(1));
    expect(records[0]).toEqual(['Name', 'Channel', 'Catalogue', 'Service']);
    expect(records).toHaveLength(1 + 5 + BULK_SUPPLIERS);
    expect(records.map((record) => record[0])).not.toContain('Hidden Applicant');
    // Empty filters, as a form sends them, mean "any".
    expect((await exportCsv('?channel=&catalogue=&service=&keyword=')).body).toBe(response.body);
  });

  it('fills the columns like the search results: main channel and catalogue, first service by title', async () => {
    const records = parseCsv((await exportCsv('?keyword=Harbourside')).body.slice(1));
    expect(records).toEqual([
      ['Name', 'Channel', 'Catalogue', 'Service'],
      // Two of its three listings are in Cyber Security; its services by title start with Cloud hosting.
      ['Harbourside, "Consulting"', 'Digital and ICT', 'Cyber Security', 'Cloud hosting'],
    ]);
  });

  it('names the file after the filters and shows the chosen service in every row', async () => {
    const cyber = catalogueOf(digital, 'Cyber Security');
    const architecture = serviceId(digital, 'Security architecture');
    const response = await exportCsv(`?channel=${String(digital.id)}&catalogue=${String(cyber.id)}&service=${String(architecture)}&keyword=`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="approved-suppliers-digital and ict-cyber security-security architecture.csv"; ' +
        "filename*=UTF-8''approved-suppliers-digital%20and%20ict-cyber%20security-security%20architecture.csv",
    );
    expect(parseCsv(response.body.slice(1))).toEqual([
      ['Name', 'Channel', 'Catalogue', 'Service'],
      ["'+64 Digital", 'Digital and ICT', 'Cyber Security', 'Security architecture'],
      ['Harbourside, "Consulting"', 'Digital and ICT', 'Cyber Security', 'Security architecture'],
    ]);
    const byChannel = await exportCsv(`?channel=${String(digital.id)}&catalogue=&service=`);
    expect(byChannel.headers['content-disposition']).toContain('filename="approved-suppliers-digital and ict.csv"');
  });

  it('gives a non-ASCII file name an ASCII fallback and the exact name in filename*', async () => {
    const response = await exportCsv(`?channel=${String(maori.id)}`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="approved-suppliers-maori services.csv"; filename*=UTF-8''approved-suppliers-m%C4%81ori%20services.csv`,
    );

  });

  it('neutralises every cell a spreadsheet would run as a formula', async () => {
    const records = parseCsv((await exportCsv(`?channel=${String(digital.id)}`)).body.slice(1));
    const names = records.map((record) => record[0]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(names).toContain(`'@Risk Ltd`);
    expect(names).toContain(`'+64 Digital`);
    const reo = parseCsv((await exportCsv(`?channel=${String(maori.id)}`)).body.slice(1));
    expect(reo[1]).toEqual(['Kōwhai Reo', 'Māori Services', 'Te Reo', `'=cmd|" /C calc"!A0`]);
    // The raw text quotes the formula's own quotes, so the cell stays one cell.
    expect((await exportCsv(`?channel=${String(maori.id)}`)).body).toContain(`"'=cmd|"" /C calc""!A0"`);
  });

  it('writes N/A when a result has no service to show', () => {
    expect(directoryCsvRecord({ title: '-Minus', channel: 'C', catalogue: 'K', services: [] }, null)).toEqual(["'-Minus", 'C', 'K', 'N/A']);
    expect(directoryCsvRecord({ title: 'A', channel: 'C', catalogue: 'K', services: [{ id: 1, title: 'First' }] }, 'Chosen')).toEqual([
      'A',
      'C',
      'K',
      'Chosen',
    ]);
  });

  it('answers a search without matches with the header alone', async () => {
    expect(parseCsv((await exportCsv('?keyword=xylophone')).body.slice(1))).toEqual([['Name', 'Channel', 'Catalogue', 'Service']]);
  });

  it('keeps the search order across batches, with and without a keyword, ties included', async () => {
    for (const keyword of ['', 'bulk']) {
      const expected: string[] = [];
      for (let page = 1; expected.length < BULK_SUPPLIERS; page += 1) {
        const response = await search(context.app, { channel: bulk.id, keyword, page, pageSize: 100 });
        expect(response.results.length).toBeGreaterThan(0);
        expected.push(...response.results.map((result) => `${result.title}#${String(result.id)}`));
      }
      const exported = parseCsv((await exportCsv(`?channel=${String(bulk.id)}&keyword=${keyword}`)).body.slice(1)).slice(1);
      expect(exported).toHaveLength(BULK_SUPPLIERS);
      // Names alone repeat (Bulk Twin): compare them in order, and check the twins are all there.
      expect(exported.map((record) => record[0])).toEqual(expected.map((entry) => entry.split('#')[0]));
      expect(new Set(expected).size).toBe(BULK_SUPPLIERS);
    }
  });

  it('rejects unknown ids, malformed ids and an over-long keyword with 400 in the one error shape', async () => {
    const cases = [
      ['?channel=999999', 'There is no channel with id 999999.'],
      ['?catalogue=999999', 'There is no catalogue with id 999999.'],
      ['?service=999999', 'There is no service with id 999999.'],
    ] as const;
    for (const [query, message] of cases) {
      const response = await exportCsv(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ error: 'bad request', message });
    }
    const malformed = ['?channel=abc', '?channel=0', '?channel=-1', '?channel=1.5', '?channel=2147483648', '?channel=99999999999'];
    for (const query of [...malformed, `?keyword=${'a'.repeat(10_000)}`]) {
      const response = await exportCsv(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad request', message: 'The request is not valid.' });
    }
    expect(DIRECTORY_KEYWORD_MAX_LENGTH).toBeLessThan(10_000);
  });

  it('exports any keyword text safely', async () => {
    for (const keyword of ["'", '\\', ':*', '&|!()', '%_', '日本語', '\u0001']) {
      const response = await exportCsv(`?keyword=${encodeURIComponent(keyword)}`);
      expect(response.statusCode, JSON.stringify(keyword)).toBe(200);
    }
    // A NUL is refused before the route sees it (server/http/input-guard.ts).
    expect((await exportCsv('?keyword=a%00b')).statusCode).toBe(400);
  });
});
