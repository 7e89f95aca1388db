/**
 * The open data (issue 32): what the publisher publishes (agency-confirmed engagements and spend,
 * approvals, catalogues; never a draft, an unanswered or disputed notice, or a queried or
 * unanswered report), every package valid against OCDS 1.1.5's own schemas with codes from its
 * codelists, the feed returning each release once while new ones arrive, and the headers.
 */
import { gunzipSync } from 'node:zlib';
import { asc, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkFilesResponse, RecordPackage, ReleasePackage } from '../../../common/api/open-data';
import { agencyBearer, createSignedInUser } from '../../auth/test-support';
import { openDataChanges, openDataRecords, openDataReleases, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from '../reporting/test-support';
import type { SupplierWithAdmin } from '../supplier-users/test-support';
import { writeBulkFile } from './bulk';
import { compileReleases } from './compile';
import { publishOpenData } from './publisher';
import type { Release } from './releases';
import { publicationOf } from './routes';
import { codelist, ocdsProblems } from './test-support';

type Releases = Release[];

describe('open data', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let alpha: SupplierWithAdmin;
  let buyer: Record<string, string>;
  const notices: Record<'confirmed' | 'disputed' | 'awaiting' | 'draft' | 'withdrawn' | 'supplierConfidential' | 'agencyConfidential', number> = {
    confirmed: 0,
    disputed: 0,
    awaiting: 0,
    draft: 0,
    withdrawn: 0,
    supplierConfidential: 0,
    agencyConfidential: 0,
  };
  const reports: Record<'confirmed' | 'queried' | 'awaiting' | 'later', number> = { confirmed: 0, queried: 0, awaiting: 0, later: 0 };

  const agency = (url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url: `/api/v1/agency${url}`, headers: buyer, ...(payload ? { payload } : {}) });
  // A record is kept from two releases here (a hundred in service), so both kinds of record are served: kept, and compiled when asked for.
  const keptFrom = 2;
  const publish = () => publishOpenData(context.database.db, publicationOf(context.app), { recordsKeptFrom: keptFrom });
  const get = (url: string, headers: Record<string, string> = {}) => context.app.inject({ method: 'GET', url: `/api/v1/open-data${url}`, headers });
  const allReleases = async (): Promise<Releases> =>
    (await context.database.db.select({ release: openDataReleases.release }).from(openDataReleases)).map((row) => row.release as unknown as Release);

  beforeAll(async () => {
    context = await buildTestApp({ OCDS_PREFIX: 'ocds-test01', OPEN_DATA_RATE_LIMIT: '0' });
    world = await createReportingWorld(context);
    const person = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.approved, isAdmin: false }] });
    buyer = agencyBearer(person.accessToken, world.agencies.approved);
    alpha = await createReportingSupplier(context, 'Alpha Design', [world.services.design, world.services.research]);
    await context.database.db
      .update(suppliers)
      .set({ nzbn: '9429 0000 0000 1', city: 'Wellington', country: 'New Zealand', details: { size_of_company: '2-19', maori_business: 'yes' } })
      .where(eq(suppliers.id, alpha.supplierId));

    const notice = async (title: string, status: 'draft' | 'submitted' = 'submitted') =>
      (await createNotice(context, alpha, world, { status, overrides: { engagement: { title } } })).engagementNoticeId;
    notices.confirmed = await notice('Confirmed work');
    notices.disputed = await notice('Disputed work');
    notices.awaiting = await notice('Unanswered work');
    notices.draft = await notice('Draft work', 'draft');
    notices.withdrawn = await notice('Withdrawn work');
    notices.supplierConfidential = await notice('Supplier confidential work');
    notices.agencyConfidential = await notice('Agency confidential work');
    const supplierMark = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/confidentiality/${String(notices.supplierConfidential)}`,
      headers: alpha.headers,
      payload: { confidential: true, reason: 'Supplier pricing is commercially sensitive.' },
    });
    expect(supplierMark.statusCode).toBe(200);
    const agencyMark = await agency(`/engagement-notices/${String(notices.agencyConfidential)}/confidentiality`, { confidential: true, reason: 'A security project.' });
    expect(agencyMark.statusCode).toBe(200);
    for (const id of [notices.confirmed, notices.withdrawn, notices.supplierConfidential, notices.agencyConfidential]) {
      expect((await agency(`/engagement-notices/${String(id)}/confirm`)).statusCode).toBe(200);
    }
    expect((await agency(`/engagement-notices/${String(notices.disputed)}/dispute`, { reason: 'wrong_value', details: 'We agreed half that.' })).statusCode).toBe(200);

    const report = async (period: string, amount: number) =>
      (await createReport(context, alpha, reportAnswers(notices.confirmed, period, [{ service: world.services.design, amount }]))).billingReportId;
    reports.confirmed = await report('2026-02', 150_000);
    reports.queried = await report('2026-03', 160_000);
    reports.awaiting = await report('2026-04', 170_000);
    reports.later = await report('2026-05', 180_000);
    const confidentialReport = (await createReport(context, alpha, reportAnswers(notices.supplierConfidential, '2026-02', [{ service: world.services.design, amount: 990_000 }])))
      .billingReportId;
    expect((await agency(`/billing-reports/${String(confidentialReport)}/confirm`)).statusCode).toBe(200);
    expect((await agency(`/billing-reports/${String(reports.confirmed)}/confirm`)).statusCode).toBe(200);
    expect((await agency(`/billing-reports/${String(reports.queried)}/query`, { details: 'This month looks high.' })).statusCode).toBe(200);
    await publish();
    // Withdrawn after it was published: its withdrawal is published next time.
    const withdrawn = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/withdraw/${String(notices.withdrawn)}`,
      headers: alpha.headers,
      payload: { withdrawnReason: 'not_proceeding' },
    });
    expect(withdrawn.statusCode).toBe(200);
    await publish();
  });
  afterAll(() => context.close());

  it('publishes the catalogues as frameworks and the approved supplier in each', async () => {
    const releases = await allReleases();
    const frameworks = releases.filter((release) => release.tag.includes('tender'));
    expect(frameworks.map((release) => release.tender?.title).sort()).toEqual(expect.arrayContaining(['Cloud Catalogue', 'Design Catalogue']));
    expect(frameworks.every((release) => (release.tender?.techniques as { hasFrameworkAgreement?: boolean }).hasFrameworkAgreement === true)).toBe(true);
    const approvals = releases.filter((release) => release.id.includes(`-approval-${String(alpha.supplierId)}`));
    // Alpha's services are both in the design catalogue.
    expect(approvals).toHaveLength(1);
    expect(approvals[0]?.awards?.[0]).toMatchObject({ status: 'active', suppliers: [{ name: 'Alpha Design' }] });
  });

  it('publishes only agency-confirmed engagements and spend: never a draft, an unanswered, disputed or confidential notice, a queried or unanswered report', async () => {
    const releases = await allReleases();
    const engagementTitles = releases.filter((release) => release.tag.includes('contract')).map((release) => release.contracts?.[0]?.title);
    expect(engagementTitles.sort()).toEqual(['Confirmed work', 'Withdrawn work']);
    const serialised = JSON.stringify(releases);
    const hiddenTexts = ['Disputed work', 'Unanswered work', 'Draft work', 'We agreed half that.', 'This month looks high.'];
    for (const hidden of [...hiddenTexts, 'Supplier confidential work', 'Agency confidential work', 'commercially sensitive', 'A security project.']) {
      expect(serialised).not.toContain(hidden);
    }
    const transactions = releases.flatMap((release) => release.contracts ?? []).flatMap((contract) => (contract.implementation as { transactions?: { id: string; value: { amount: number } }[] } | undefined)?.transactions ?? []);
    expect(transactions).toEqual([expect.objectContaining({ id: `spend-${String(reports.confirmed)}`, value: { amount: 1500, currency: 'NZD' } })]);
  });

  it('names the parties with their identifiers, roles, scale and Māori business classification, and links an engagement to its framework', async () => {
    const [engagement] = (await allReleases()).filter((release) => release.contracts?.[0]?.title === 'Confirmed work' && release.tag.includes('award'));
    expect(engagement?.ocid).toBe(`ocds-test01-engagement-${String(notices.confirmed)}`);
    expect(engagement?.parties).toEqual([
      { id: `ocds-test01-agency-${String(world.agencies.approved)}`, name: 'Ministry of Testing', roles: ['buyer', 'procuringEntity', 'payer'] },
      {
        id: 'NZ-NZBN-9429000000001',
        name: 'Alpha Design',
        roles: ['supplier', 'payee'],
        identifier: { scheme: 'NZ-NZBN', id: '9429000000001', legalName: 'Alpha Design Limited' },
        address: { locality: 'Wellington', countryName: 'New Zealand' },
        details: { scale: 'sme', classifications: [{ scheme: 'NZ-MAORI-BUSINESS', id: 'maori-business', description: 'Māori business (as the supplier said)' }] },
      },
    ]);
    const [framework] = engagement?.relatedProcesses ?? [];
    expect(framework).toMatchObject({ relationship: ['framework'], scheme: 'ocid', title: 'Design Catalogue' });
    expect(String(framework?.identifier)).toMatch(/^ocds-test01-catalogue-\d+$/);
    expect(engagement?.relatedProcesses).toHaveLength(1);
    const roles = codelist('partyRole');
    expect(engagement?.parties?.flatMap((party) => party.roles).every((role) => roles.has(role))).toBe(true);
  });

  it('publishes a published engagement’s withdrawal as a cancellation', async () => {
    const [entry] = (await get(`/records/ocds-test01-engagement-${String(notices.withdrawn)}`)).json<RecordPackage>().records;
    expect(entry?.releases.map((release) => release.tag)).toEqual([['award', 'contract'], ['awardCancellation', 'contractUpdate']]);
    const compiled = entry?.compiledRelease as Release | undefined;
    expect(compiled?.awards?.[0]).toMatchObject({ status: 'cancelled', value: { amount: 120_000, currency: 'NZD' } });
    expect(compiled?.contracts?.[0]).toMatchObject({ status: 'cancelled', title: 'Withdrawn work' });
  });

  it('validates every kind of package against the OCDS 1.1.5 schemas, with tags from the closed codelist', async () => {
    const feed = (await get('/releases?limit=1000')).json<ReleasePackage>();
    expect(ocdsProblems('releasePackage', feed)).toEqual([]);
    const tags = codelist('releaseTag');
    const releases = feed.releases as Releases;
    expect(releases.flatMap((release) => release.tag).every((tag) => tags.has(tag))).toBe(true);
    for (const release of releases) {
      const single = await get(`/releases/${encodeURIComponent(release.id)}`);
      expect(ocdsProblems('releasePackage', single.json()), release.id).toEqual([]);
    }
    for (const ocid of new Set(releases.map((release) => release.ocid))) {
      expect(ocdsProblems('recordPackage', (await get(`/records/${encodeURIComponent(ocid)}`)).json()), ocid).toEqual([]);
    }
    // A broken package is caught: the validator is no rubber stamp.
    expect(ocdsProblems('releasePackage', { ...feed, releases: [{ ...releases[0], tag: ['bought'] }] })).not.toEqual([]);
  });

  it('serves a feed page as JSON holding each release as stored, in the order published', async () => {
    const page = await get('/releases?limit=1000');
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    const stored = await context.database.db.select({ release: openDataReleases.release }).from(openDataReleases).orderBy(asc(openDataReleases.sequence));
    expect(stored.length).toBeGreaterThan(1);
    expect(page.json<ReleasePackage>().releases).toEqual(stored.map((row) => row.release));
    // An empty page past the end is a package all the same, with no next link.
    const empty = (await get('/releases?after=999999999')).json<ReleasePackage>();
    expect(empty).toMatchObject({ releases: [], version: '1.1' });
    expect(empty.links).toBeUndefined();
  });

  it('publishes nothing twice, and a newly confirmed report once', async () => {
    const changes = () => context.database.db.select({ subject: openDataChanges.subject, subjectId: openDataChanges.subjectId }).from(openDataChanges);
    expect(await publish()).toBe(0);
    expect((await agency(`/billing-reports/${String(reports.later)}/confirm`)).statusCode).toBe(200);
    // The confirmation noted its report for the next run, which looks at that and deletes it.
    expect(await changes()).toContainEqual({ subject: 'report', subjectId: reports.later });
    expect(await publish()).toBe(1);
    expect(await changes()).toEqual([]);
    expect(await publish()).toBe(0);
  });

  it('publishes a supplier approved since the last run, noted by its published listing', async () => {
    const later = await createReportingSupplier(context, 'Beta Research', [world.services.research]);
    expect(await publish()).toBe(1);
    const approvals = (await allReleases()).filter((release) => release.id.includes(`-approval-${String(later.supplierId)}`));
    expect(approvals.map((release) => release.awards?.[0]?.suppliers)).toEqual([[expect.objectContaining({ name: 'Beta Research' })]]);
  });

  it('looks only at what changed since the last run, and at everything when a change asks for it (the first run, or the one after a run over everything failed)', async () => {
    const { db } = context.database;
    const approvals = like(openDataReleases.source, 'approval:%');
    const removed = await db.delete(openDataReleases).where(approvals).returning({ source: openDataReleases.source });
    expect(removed.length).toBeGreaterThan(0);
    // Nothing they were made from changed: a run does not look at them.
    expect(await publish()).toBe(0);
    await db.insert(openDataChanges).values({ subject: 'everything', subjectId: 0 });
    expect(await publish()).toBe(removed.length);
    expect((await db.select({ source: openDataReleases.source }).from(openDataReleases).where(approvals)).map((row) => row.source).sort()).toEqual(
      removed.map((row) => row.source).sort(),
    );
    expect(await db.select().from(openDataChanges)).toEqual([]);
  });

  it('publishes the same releases a fact at a time as in batches, each batch starting after the last', async () => {
    const { db } = context.database;
    const batched = or(like(openDataReleases.source, 'catalogue:%'), like(openDataReleases.source, 'approval:%'), like(openDataReleases.source, 'report:%'));
    const published = async () =>
      (await db.select({ source: openDataReleases.source, releaseId: openDataReleases.releaseId }).from(openDataReleases).where(batched)).sort((a, b) =>
        a.source.localeCompare(b.source),
      );
    const before = await published();
    // More than one fact of the catalogues and of the spend: more than one batch of each.
    expect(before.filter((row) => row.source.startsWith('catalogue:')).length).toBeGreaterThan(1);
    expect(before.filter((row) => row.source.startsWith('report:')).length).toBeGreaterThan(1);
    await db.delete(openDataReleases).where(batched);
    // A run over everything, as the daily one: nothing they were made from changed.
    expect(await publishOpenData(db, publicationOf(context.app), { everything: true, batchSize: 1, recordsKeptFrom: keptFrom })).toBe(before.length);
    expect(await published()).toEqual(before);
  });

  it('returns every release exactly once through links.next, while new ones are published between pages', async () => {
    const seen: string[] = [];
    let next: string | undefined = '/releases?limit=2';
    let pages = 0;
    while (next) {
      const page: ReleasePackage = (await get(next)).json<ReleasePackage>();
      seen.push(...(page.releases as Releases).map((release) => release.id));
      next = page.links?.next.replace(/^.*\/open-data/, '');
      if (pages === 1) {
        // A release committed while a reader pages: it arrives on a later page.
        expect((await agency(`/billing-reports/${String(reports.awaiting)}/confirm`)).statusCode).toBe(200);
        expect(await publish()).toBe(1);
      }
      if ((page.releases as Releases).length === 0) {
        break;
      }
      pages += 1;
    }
    const stored = (await allReleases()).map((release) => release.id);
    expect(seen.sort()).toEqual(stored.sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('writes the day’s bulk file of every release, lists it, serves it gzipped, and keeps the last 7 days', async () => {
    const settings = { publicUrl: context.config.publicUrl, productName: context.config.productName, publicationPolicyUrl: `${context.config.publicUrl}/open-data` };
    const file = await writeBulkFile(context.database.db, context.app.storage, settings, new Date('2026-11-30T01:00:00Z'));
    const stored = await allReleases();
    expect(file).toMatchObject({ day: '2026-11-30', releaseCount: stored.length });
    const listed = (await get('/bulk')).json<BulkFilesResponse>();
    expect(listed.files).toEqual([expect.objectContaining({ day: '2026-11-30', fileName: 'releases-2026-11-30.json.gz', releaseCount: stored.length, url: expect.stringMatching(/\/api\/v1\/open-data\/bulk\/2026-11-30$/) as string })]);
    const download = await get('/bulk/2026-11-30');
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toContain('releases-2026-11-30.json.gz');
    const bulk = JSON.parse(gunzipSync(download.rawPayload).toString('utf8')) as ReleasePackage;
    expect(ocdsProblems('releasePackage', bulk)).toEqual([]);
    expect((bulk.releases as Releases).map((release) => release.id).sort()).toEqual(stored.map((release) => release.id).sort());

    for (let day = 1; day <= 8; day += 1) {
      await writeBulkFile(context.database.db, context.app.storage, settings, new Date(Date.UTC(2026, 11, day, 1)));
    }
    const days = (await get('/bulk')).json<BulkFilesResponse>().files.map((kept) => kept.day);
    expect(days).toEqual(['2026-12-08', '2026-12-07', '2026-12-06', '2026-12-05', '2026-12-04', '2026-12-03', '2026-12-02']);
    expect((await get('/bulk/2026-11-30')).statusCode).toBe(404);
    expect(await context.app.storage.get('open-data/releases-2026-11-30')).toBeNull();
    expect((await get('/bulk/yesterday')).statusCode).toBe(400);
  });

  it('serves each record’s releases linked, oldest first, each address answering with its release, and the compiled release the publisher kept', async () => {
    const stored = await allReleases();
    for (const ocid of new Set(stored.map((release) => release.ocid))) {
      const answer = await get(`/records/${encodeURIComponent(ocid)}`);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=300');
      const [record] = answer.json<RecordPackage>().records;
      const own = stored.filter((release) => release.ocid === ocid);
      expect(record?.releases.map((linked) => linked.date)).toEqual(own.map((release) => release.date).sort());
      for (const linked of record?.releases ?? []) {
        const [address = '', fragment = ''] = linked.url.split('#');
        const [release] = (await get(address.replace(/^.*\/open-data/, ''))).json<ReleasePackage>().releases as Releases;
        expect(release).toMatchObject({ id: decodeURIComponent(fragment), ocid, date: linked.date, tag: linked.tag });
      }
      // Kept through every run above, batch by batch and a fact at a time, as compiling every release afresh gives.
      expect(record?.compiledRelease, ocid).toEqual(compileReleases(own));
    }
    const kept = await context.database.db.select().from(openDataRecords);
    const ocids = stored.map((release) => release.ocid);
    const large = [...new Set(ocids)].filter((ocid) => ocids.filter((each) => each === ocid).length >= keptFrom);
    expect(kept.map((record) => record.ocid).sort()).toEqual(large.sort());
    expect(large.length).toBeLessThan(new Set(ocids).size);
    expect(kept.every((record) => record.compiledRelease !== null)).toBe(true);
  });

  it('serves the kept compiled release as stored, and compiles one the publisher did not keep (a release appended without it, or one never compiled)', async () => {
    const { db } = context.database;
    const ocid = `ocds-test01-engagement-${String(notices.confirmed)}`;
    const record = async () => ((await get(`/records/${encodeURIComponent(ocid)}`)).json<RecordPackage>().records[0]?.compiledRelease ?? {}) as Record<string, unknown>;
    const [kept] = await db.select().from(openDataRecords).where(eq(openDataRecords.ocid, ocid));
    await db.update(openDataRecords).set({ compiledRelease: { ...kept?.compiledRelease, kept: 'as stored' } }).where(eq(openDataRecords.ocid, ocid));
    expect(await record()).toMatchObject({ kept: 'as stored' });

    // A release appended by a publisher that does not keep records (the previous release, during a rolling deploy).
    const own = (await allReleases()).filter((release) => release.ocid === ocid);
    const appended = { ...own[0], id: `${ocid}-appended`, date: '2030-01-01T00:00:00.000Z', tag: ['contractUpdate'] } as unknown as Release;
    await db.insert(openDataReleases).values({ source: `test:${appended.id}`, releaseId: appended.id, ocid, releasedAt: new Date(appended.date), release: appended as unknown as Record<string, unknown> });
    const afresh = await record();
    expect(afresh).not.toHaveProperty('kept');
    expect(afresh).toEqual(compileReleases([...own, appended]));

    // Every record as the migration leaves the processes published before records were kept.
    await db.update(openDataRecords).set({ compiledRelease: null, compiledThrough: 0 });
    expect(await record()).toEqual(afresh);
    expect(await publish()).toBe(0);
    const compiled = await db.select().from(openDataRecords);
    expect(compiled.every((row) => row.compiledRelease !== null && row.compiledThrough > 0)).toBe(true);
    expect(compiled.find((row) => row.ocid === ocid)?.compiledRelease).toEqual(afresh);
    await db.delete(openDataReleases).where(eq(openDataReleases.releaseId, appended.id));
  });

  it('answers with Last-Modified and caching headers, 404 for what was never published, 400 for a bad cursor', async () => {
    const feed = await get('/releases');
    expect(feed.headers['cache-control']).toBe('public, max-age=60');
    expect(new Date(String(feed.headers['last-modified'])).getTime()).not.toBeNaN();
    const [first] = feed.json<ReleasePackage>().releases as Releases;
    const release = await get(`/releases/${encodeURIComponent(first?.id ?? '')}`);
    expect(release.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect((await get('/releases/no-such-release')).statusCode).toBe(404);
    expect((await get(`/records/ocds-test01-engagement-${String(notices.disputed)}`)).statusCode).toBe(404);
    expect((await get('/releases?after=-1')).statusCode).toBe(400);
    expect((await get('/releases?limit=5000')).statusCode).toBe(400);
  });
});

describe('the publication policy page', () => {
  it('says what is published, what is not, when and where, with the ocid prefix', async () => {
    const context = await buildTestApp({ OCDS_PREFIX: 'ocds-page01' });
    try {
      const page = await context.app.inject({ method: 'GET', url: '/open-data' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<h1[^>]*>Open data publication policy<\/h1>/);
      for (const text of ['What we do not publish', 'An engagement the agency has not confirmed yet, or disputed.', '/api/v1/open-data/releases', 'ocds-page01']) {
        expect(page.body).toContain(text);
      }
    } finally {
      await context.close();
    }
  });
});

describe('open data rate limit', () => {
  it('answers 429 with Retry-After past the limit per address', async () => {
    const context = await buildTestApp({ OPEN_DATA_RATE_LIMIT: '2' });
    try {
      const get = () => context.app.inject({ method: 'GET', url: '/api/v1/open-data/releases' });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      const limited = await get();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ error: 'too many requests' });
    } finally {
      await context.close();
    }
  });
});
