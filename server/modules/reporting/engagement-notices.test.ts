/**
 * Engagement notices through the API on a real database: the services source list, save and
 * resume, submit, withdraw, delete, the list, every bad input of issue 12 (each proving nothing
 * changed), tenant isolation, threads, and the team's list, read and CSV.
 */
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceListResponse } from '../../../common/api/applications';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import {
  ENGAGEMENT_NOTICES_PAGE_SIZE,
  type TeamEngagementNotice,
  type TeamEngagementNoticeListResponse,
  type EngagementNoticeListResponse,
  type EngagementNoticeResponse,
} from '../../../common/api/engagement-notices';
import { auditLog, engagementNoticeServices, engagementNotices, threads } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectKeysetWalk } from '../../test/keyset-walk';
import { parseCsv } from '../directory/test-support';
import { createTeamMemberUser } from '../applications/team-test-support';
import { expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import {
  createNotice,
  createReportingSupplier,
  createReportingWorld,
  noticeAnswers,
  saveNotice,
  type ReportingWorld,
} from './test-support';

describe('engagement notices', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let other: SupplierWithAdmin;
  let teamHeaders: Record<string, string>;

  /** Everything a refused request must leave as it was. */
  const snapshot = async () => {
    const { db } = context.database;
    return {
      notices: await db.select().from(engagementNotices).orderBy(asc(engagementNotices.id)),
      services: await db.select().from(engagementNoticeServices).orderBy(asc(engagementNoticeServices.engagementNoticeId), asc(engagementNoticeServices.serviceId)),
      // Sign-in audits too (a person's first call links the identity): only this area's actions count.
      audit: (await db.select({ value: count() }).from(auditLog).where(like(auditLog.action, 'engagement-notice.%')))[0]?.value,
      threads: (await db.select({ value: count() }).from(threads))[0]?.value,
    };
  };

  const get = (url: string, headers: Record<string, string> = supplier.headers) => context.app.inject({ method: 'GET', url, headers });
  const readNotice = async (id: number, who: SupplierWithAdmin = supplier) => (await get(`/api/v1/engagement-notice/${String(id)}`, who.headers)).json<EngagementNoticeResponse>();

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Notice Maker', [world.services.design, world.services.hosting]);
    other = await createReportingSupplier(context, 'Other Maker', [world.services.research]);
    teamHeaders = (await createTeamMemberUser(context)).headers;
  });
  afterAll(() => context.close());

  it('asks for sign-in and an active supplier', async () => {
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/engagement-notice' }), 401, 'unauthorized');
    expectError(await context.app.inject({ method: 'POST', url: '/api/v1/engagement-notice/save', payload: {} }), 401, 'unauthorized');
    expectError(await context.app.inject({ method: 'DELETE', url: '/api/v1/engagement-notice/1' }), 401, 'unauthorized');
  });

  it('serves the form a new notice is written on, and a billing report\'s, each its latest version with its validators', async () => {
    for (const [url, key] of [
      ['/api/v1/engagement-notice/form', 'engagement-notice'],
      ['/api/v1/billing-report/form', 'billing-report'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const form = response.json<FormDefinitionResponse>();
      expect(form.key).toBe(key);
      expect(form.steps.length).toBe(2);
      expect(form.validators.startsWith(`forms/${key}/${String(form.version)}/validators.js?h=`)).toBe(true);
      expectError(await context.app.inject({ method: 'GET', url }), 401, 'unauthorized');
    }
  });

  it("lists the services the supplier is approved for as 'title - (catalogue: title)' by title; without approved=true, every service as before", async () => {
    const approved = (await get('/api/v1/service?approved=true')).json<ServiceListResponse>();
    expect(approved).toEqual([
      { id: world.services.hosting, title: 'Hosting', catalogue: expect.objectContaining({ title: 'Cloud Catalogue' }) as unknown, label: 'Hosting - (catalogue: Cloud Catalogue)' },
      { id: world.services.design, title: 'Service design', catalogue: expect.objectContaining({ title: 'Design Catalogue' }) as unknown, label: 'Service design - (catalogue: Design Catalogue)' },
    ]);
    const every = (await get('/api/v1/service')).json<ServiceListResponse>();
    expect(every.some((service) => service.id === world.services.research)).toBe(true);
    expect(every.every((service) => service.label === undefined)).toBe(true);
    expect((await get('/api/v1/service?approved=maybe')).statusCode).toBe(400);
  });

  it('saves a draft, resumes it with lastEdited, then submits it: checked in full, locked, with its status history', async () => {
    const draft = await createNotice(context, supplier, world, { status: 'draft', progress: 1, overrides: {} });
    expect(draft.status).toBe('draft');
    const loaded = await readNotice(draft.engagementNoticeId);
    expect(loaded).toMatchObject({
      id: draft.engagementNoticeId,
      supplierID: supplier.supplierId,
      supplierId: supplier.supplierId,
      progress: 1,
      status: 'draft',
      isLocked: false,
      lastEdited: draft.lastEdited,
      form: { key: 'engagement-notice', version: 1 },
      // The answers' columns, so no reader derives them from the answers.
      title: 'Website rebuild',
      reference: 'PO-2026-0042',
      startDate: '2026-01-05',
      endDate: '2026-12-18',
      agency: { id: world.agencies.approved, name: 'Ministry of Testing' },
      services: [{ id: world.services.design, label: 'Service design - (catalogue: Design Catalogue)' }],
      billing: { totalBilledCents: 0, valueCents: 12_000_000, reportCount: 0 },
    });
    expect(loaded.form.validators).toMatch(/^forms\/engagement-notice\/1\/validators\.js\?h=/);
    expect(loaded.data.engagement).toMatchObject({ title: 'Website rebuild' });
    expect(loaded.statusHistory.map((entry) => entry.status)).toEqual(['draft']);

    // Only part of the form: a draft is checked for what it holds.
    const partial = await saveNotice(context, supplier, { engagement: { title: 'Website rebuild, phase 2' } }, { id: draft.engagementNoticeId, lastEdited: draft.lastEdited, status: 'draft', progress: 2 });
    expect(partial.statusCode, partial.body).toBe(200);
    const resumed = await readNotice(draft.engagementNoticeId);
    expect(resumed).toMatchObject({ progress: 2, title: 'Website rebuild, phase 2', reference: null, startDate: null, endDate: null, agency: null, services: [] });
    expect(resumed.data).toEqual({ engagement: { title: 'Website rebuild, phase 2' } });

    // Submitting the incomplete form: every missing answer, nothing stored.
    const before = await snapshot();
    const incomplete = await saveNotice(context, supplier, resumed.data, { id: draft.engagementNoticeId, lastEdited: resumed.lastEdited });
    expectError(incomplete, 400, 'bad request');
    expect(incomplete.json<{ details: { field: string }[] }>().details.map((detail) => detail.field)).toEqual(
      expect.arrayContaining(['engagement.agency', 'engagement.services', 'dates-and-value.start_date', 'dates-and-value.value']),
    );
    expect(await snapshot()).toEqual(before);

    const submitted = await saveNotice(context, supplier, noticeAnswers(world), { id: draft.engagementNoticeId, lastEdited: resumed.lastEdited });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ engagementNoticeId: draft.engagementNoticeId, status: 'submitted' });
    const locked = await readNotice(draft.engagementNoticeId);
    expect(locked).toMatchObject({ status: 'submitted', isLocked: true });
    expect(locked.statusHistory.map((entry) => entry.status)).toEqual(['draft', 'submitted']);
    const actions = await context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(draft.engagementNoticeId)))
      .orderBy(asc(auditLog.id));
    expect(actions.map((row) => row.action).filter((action) => action.startsWith('engagement-notice.'))).toEqual([
      'engagement-notice.create',
      'engagement-notice.save',
      'engagement-notice.submit',
    ]);

    // Once submitted, no more saves.
    const after = await snapshot();
    expectError(await saveNotice(context, supplier, noticeAnswers(world), { id: draft.engagementNoticeId, lastEdited: locked.lastEdited }), 409, 'conflict');
    expect(await snapshot()).toEqual(after);
  });

  it('refuses a save over a newer one (409) and a resume without lastEdited (400), changing nothing', async () => {
    const draft = await createNotice(context, supplier, world, { status: 'draft' });
    const newer = await saveNotice(context, supplier, noticeAnswers(world), { id: draft.engagementNoticeId, lastEdited: draft.lastEdited, status: 'draft' });
    expect(newer.statusCode).toBe(200);
    const before = await snapshot();
    const stale = await saveNotice(context, supplier, noticeAnswers(world, { engagement: { title: 'Stale' } }), {
      id: draft.engagementNoticeId,
      lastEdited: draft.lastEdited,
      status: 'draft',
    });
    expectError(stale, 409, 'conflict');
    expect(stale.json<{ message: string }>().message).toContain('Someone else saved');
    const missing = await context.app.inject({
      method: 'POST',
      url: '/api/v1/engagement-notice/save',
      headers: supplier.headers,
      payload: { id: draft.engagementNoticeId, form: { key: 'engagement-notice', version: 1 }, progress: 1, engagementNotice: {}, supplierID: supplier.supplierId, status: 'draft' },
    });
    expectError(missing, 400, 'bad request');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await snapshot();
    const cases: [string, Awaited<ReturnType<typeof saveNotice>>, number, string | undefined][] = [
      ['a service the supplier is not approved for', await saveNotice(context, supplier, noticeAnswers(world, { engagement: { services: [world.services.research] } })), 400, 'engagement.services'],
      ['a service that does not exist', await saveNotice(context, supplier, noticeAnswers(world, { engagement: { services: [2_000_000_000] } }), { status: 'draft' }), 400, 'engagement.services'],
      ['an agency not approved', await saveNotice(context, supplier, noticeAnswers(world, { engagement: { agency: world.agencies.submitted } })), 400, 'engagement.agency'],
      ['an end before the start', await saveNotice(context, supplier, noticeAnswers(world, { dates: { start_date: '2026-05-01', end_date: '2026-04-30' } })), 400, 'dates-and-value.end_date'],
      ['a date that is not real', await saveNotice(context, supplier, noticeAnswers(world, { dates: { start_date: '2026-2-31' } })), 400, 'dates-and-value.start_date'],
      ['a negative value', await saveNotice(context, supplier, noticeAnswers(world, { dates: { value: -1 } })), 400, 'dates-and-value.value'],
      ['a value that is not a number', await saveNotice(context, supplier, noticeAnswers(world, { dates: { value: '12,000' } }), { status: 'draft' }), 400, 'dates-and-value.value'],
      ['a fraction of a cent', await saveNotice(context, supplier, noticeAnswers(world, { dates: { value: 10.5 } })), 400, 'dates-and-value.value'],
      ['an absurd value', await saveNotice(context, supplier, noticeAnswers(world, { dates: { value: 1e16 } })), 400, 'dates-and-value.value'],
      ['a step the form does not have', await saveNotice(context, supplier, { ...noticeAnswers(world), extra: { a: 1 } }), 400, 'extra'],
      ['an unknown form version', await saveNotice(context, supplier, noticeAnswers(world), { version: 99 }), 400, 'form.version'],
      ['a forged supplierID', await saveNotice(context, supplier, noticeAnswers(world), { supplierID: other.supplierId }), 403, 'supplierID'],
      ["a forged status 'withdrawn'", await saveNotice(context, supplier, noticeAnswers(world), { status: 'withdrawn' as 'draft' }), 400, 'body.status'],
    ];
    for (const [what, response, status, field] of cases) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      if (field !== undefined) {
        expect(response.json<{ details?: { field: string }[] }>().details?.map((detail) => detail.field), what).toContain(field);
      }
    }
    const forgedAccepted = await context.app.inject({
      method: 'POST',
      url: '/api/v1/engagement-notice/save',
      headers: supplier.headers,
      payload: { form: { key: 'engagement-notice', version: 1 }, progress: 1, engagementNotice: noticeAnswers(world), supplierID: supplier.supplierId, status: 'approved' },
    });
    expectError(forgedAccepted, 400, 'bad request');
    expect(await snapshot()).toEqual(before);
  });

  it('withdraws a submitted notice only, with a reason from the list and the text for Other', async () => {
    const draft = await createNotice(context, supplier, world, { status: 'draft' });
    const submitted = await createNotice(context, supplier, world);
    const withdraw = (id: number, payload: unknown) =>
      context.app.inject({ method: 'POST', url: `/api/v1/engagement-notice/withdraw/${String(id)}`, headers: supplier.headers, payload: payload as Record<string, unknown> });
    const before = await snapshot();
    expectError(await withdraw(draft.engagementNoticeId, { withdrawnReason: 'duplicate' }), 409, 'conflict');
    expectError(await withdraw(submitted.engagementNoticeId, { withdrawnReason: 'other' }), 400, 'bad request');
    expectError(await withdraw(submitted.engagementNoticeId, { withdrawnReason: 'other', withdrawnReasonOther: '   ' }), 400, 'bad request');
    expectError(await withdraw(submitted.engagementNoticeId, { withdrawnReason: 'bored' }), 400, 'bad request');
    expectError(await withdraw(2_000_000_000, { withdrawnReason: 'duplicate' }), 404, 'not found');
    expect(await snapshot()).toEqual(before);

    const done = await withdraw(submitted.engagementNoticeId, { withdrawnReason: 'other', withdrawnReasonOther: 'The agency merged the work into another contract.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<EngagementNoticeResponse>()).toMatchObject({
      status: 'withdrawn',
      isLocked: true,
      withdrawnReason: 'other',
      withdrawnReasonOther: 'The agency merged the work into another contract.',
    });
    expect(done.json<EngagementNoticeResponse>().statusHistory.map((entry) => entry.status)).toEqual(['draft', 'submitted', 'withdrawn']);
    expectError(await withdraw(submitted.engagementNoticeId, { withdrawnReason: 'duplicate' }), 409, 'conflict');
  });

  it('deletes a draft only', async () => {
    const draft = await createNotice(context, supplier, world, { status: 'draft' });
    const submitted = await createNotice(context, supplier, world);
    const remove = (id: number) => context.app.inject({ method: 'DELETE', url: `/api/v1/engagement-notice/${String(id)}`, headers: supplier.headers });
    const before = await snapshot();
    expectError(await remove(submitted.engagementNoticeId), 409, 'conflict');
    expect(await snapshot()).toEqual(before);
    const removed = await remove(draft.engagementNoticeId);
    expect(removed.statusCode).toBe(204);
    expectError(await get(`/api/v1/engagement-notice/${String(draft.engagementNoticeId)}`), 404, 'not found');
    const [entry] = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'engagement-notice.delete'));
    expect(entry).toMatchObject({ entityId: String(draft.engagementNoticeId), supplierId: supplier.supplierId });
  });

  it("lists the supplier's notices: by status, sorted, a page at a time", async () => {
    const lister = await createReportingSupplier(context, 'List Maker', [world.services.design]);
    await createNotice(context, lister, world, { overrides: { dates: { value: 300 } } });
    await createNotice(context, lister, world, { overrides: { dates: { value: 100 } } });
    await createNotice(context, lister, world, { status: 'draft', overrides: { dates: { value: 200 } } });
    const all = (await get('/api/v1/engagement-notice', lister.headers)).json<EngagementNoticeListResponse>();
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.engagementNotices[0]).toMatchObject({
      agency: { name: 'Ministry of Testing' },
      services: [{ id: world.services.design, title: 'Service design' }],
      reference: 'PO-2026-0042',
      startDate: '2026-01-05',
      endDate: '2026-12-18',
    });
    const submitted = (await get('/api/v1/engagement-notice?status=submitted&sort=value&order=asc', lister.headers)).json<EngagementNoticeListResponse>();
    expect(submitted.engagementNotices.map((notice) => notice.valueCents)).toEqual([100, 300]);
    expect(submitted.total).toBe(2);
    const byValueDesc = (await get('/api/v1/engagement-notice?sort=value&order=desc', lister.headers)).json<EngagementNoticeListResponse>();
    expect(byValueDesc.engagementNotices.map((notice) => notice.valueCents)).toEqual([300, 200, 100]);
    const secondPage = (await get('/api/v1/engagement-notice?page=2', lister.headers)).json<EngagementNoticeListResponse>();
    expect(secondPage).toMatchObject({ engagementNotices: [], total: 3, page: 2 });
    expect((await get('/api/v1/engagement-notice?status=approved', lister.headers)).statusCode).toBe(400);
    expect((await get('/api/v1/engagement-notice?sort=price', lister.headers)).statusCode).toBe(400);
  });

  it("keeps each supplier's notices its own: another supplier's answers 404 everywhere and nothing changes", async () => {
    const mine = await createNotice(context, supplier, world);
    const myDraft = await createNotice(context, supplier, world, { status: 'draft' });
    const id = String(mine.engagementNoticeId);
    const before = await snapshot();
    expectError(await get(`/api/v1/engagement-notice/${id}`, other.headers), 404, 'not found');
    expect((await get(`/api/v1/engagement-notice/${id}`, other.headers)).body).not.toContain('Website rebuild');
    expectError(
      await saveNotice(context, other, noticeAnswers(world, { engagement: { services: [world.services.research] } }), { id: myDraft.engagementNoticeId, lastEdited: myDraft.lastEdited, status: 'draft' }),
      404,
      'not found',
    );
    expectError(await context.app.inject({ method: 'POST', url: `/api/v1/engagement-notice/withdraw/${id}`, headers: other.headers, payload: { withdrawnReason: 'duplicate' } }), 404, 'not found');
    expectError(await context.app.inject({ method: 'DELETE', url: `/api/v1/engagement-notice/${String(myDraft.engagementNoticeId)}`, headers: other.headers }), 404, 'not found');
    expectError(await get(`/api/v1/engagement-notice/${id}/thread`, other.headers), 404, 'not found');
    expectError(
      await context.app.inject({ method: 'POST', url: `/api/v1/engagement-notice/${id}/thread`, headers: other.headers, payload: { title: 'Hello', content: 'Peeking' } }),
      404,
      'not found',
    );
    const theirs = (await get('/api/v1/engagement-notice', other.headers)).json<EngagementNoticeListResponse>();
    expect(theirs.engagementNotices.map((notice) => notice.id)).not.toContain(mine.engagementNoticeId);
    expect(await snapshot()).toEqual(before);
  });

  it("opens a thread on the supplier's own notice", async () => {
    const mine = await createNotice(context, supplier, world);
    const url = `/api/v1/engagement-notice/${String(mine.engagementNoticeId)}/thread`;
    const created = await context.app.inject({ method: 'POST', url, headers: supplier.headers, payload: { title: 'Start date', content: 'The agency moved the start by a week.' } });
    expect(created.statusCode, created.body).toBe(200);
    const listed = (await get(url)).json<{ threads: { title: string }[] }>();
    expect(listed.threads.map((thread) => thread.title)).toEqual(['Start date']);
  });

  describe("the team's side", () => {
    it('refuses supplier users (403) and visitors (401)', async () => {
      for (const url of ['/api/v1/admin/engagement-notices', '/api/v1/admin/engagement-notices/1', '/api/v1/admin/engagement-notices/export.csv']) {
        expectError(await get(url), 403, 'forbidden');
        expectError(await context.app.inject({ method: 'GET', url }), 401, 'unauthorized');
      }
    });

    it("lists and reads every supplier's notices but drafts, by status, agency, supplier and month", async () => {
      const teamSupplier = await createReportingSupplier(context, 'Team Listed', [world.services.design]);
      const first = await createNotice(context, teamSupplier, world, { overrides: { dates: { start_date: '2025-03-01', end_date: '2025-06-30' } } });
      const second = await createNotice(context, teamSupplier, world, { overrides: { engagement: { agency: world.agencies.other } } });
      const draft = await createNotice(context, teamSupplier, world, { status: 'draft' });
      const list = async (query: string) =>
        (await get(`/api/v1/admin/engagement-notices?supplier=${String(teamSupplier.supplierId)}${query}`, teamHeaders)).json<TeamEngagementNoticeListResponse>();
      const all = await list('');
      expect(all.engagementNotices.map((notice) => notice.id).sort()).toEqual([first.engagementNoticeId, second.engagementNoticeId].sort());
      expect(all.engagementNotices[0]?.supplier).toEqual({ id: teamSupplier.supplierId, name: 'Team Listed' });
      expect((await list(`&agency=${String(world.agencies.other)}`)).engagementNotices.map((notice) => notice.id)).toEqual([second.engagementNoticeId]);
      expect((await list('&period=2025-04')).engagementNotices.map((notice) => notice.id)).toEqual([first.engagementNoticeId]);
      expect((await list('&period=2026-07')).engagementNotices.map((notice) => notice.id)).toEqual([second.engagementNoticeId]);
      expect((await list('&status=withdrawn')).total).toBe(0);
      expect((await get('/api/v1/admin/engagement-notices?status=draft', teamHeaders)).statusCode).toBe(400);
      expect((await get('/api/v1/admin/engagement-notices?period=2025-13', teamHeaders)).statusCode).toBe(400);

      const read = await get(`/api/v1/admin/engagement-notices/${String(first.engagementNoticeId)}`, teamHeaders);
      expect(read.statusCode).toBe(200);
      expect(read.json<TeamEngagementNotice>()).toMatchObject({ id: first.engagementNoticeId, supplierID: teamSupplier.supplierId, supplier: { name: 'Team Listed' }, status: 'submitted' });
      expectError(await get(`/api/v1/admin/engagement-notices/${String(draft.engagementNoticeId)}`, teamHeaders), 404, 'not found');
    });

    it('pages from a notice forwards and back with each filter, ties included: every notice once, as the numbered pages show it', async () => {
      const { db } = context.database;
      const pager = await createReportingSupplier(context, 'Keyset Pager', [world.services.design]);
      const template = await createNotice(context, pager, world);
      const [row] = await db.select().from(engagementNotices).where(eq(engagementNotices.id, template.engagementNoticeId));
      if (!row) {
        throw new Error('the template notice is missing');
      }
      const { id: _id, ...copy } = row;
      // More than two pages of each status; the first ten of each share a last change with each other, so only their ids tell them apart.
      const copies = ENGAGEMENT_NOTICES_PAGE_SIZE * 2 + 5;
      const lastEdited = (index: number) => (index < 10 ? new Date('2001-06-01T00:00:00Z') : new Date(Date.UTC(2001, 6, index)));
      await db.insert(engagementNotices).values(
        Array.from({ length: copies }, (_, index) => ({ ...copy, submittedAt: new Date('2001-01-01T00:00:00Z'), lastEdited: lastEdited(index) })),
      );
      await db.insert(engagementNotices).values(
        Array.from({ length: copies }, (_, index) => ({
          ...copy,
          status: 'withdrawn' as const,
          withdrawnReason: 'duplicate',
          agencyId: world.agencies.other,
          startDate: '2025-01-01',
          endDate: '2025-06-30',
          lastEdited: lastEdited(index),
        })),
      );
      // The sent ones are billed over their value (the triggers keep billed_cents from reports; none here).
      await db
        .update(engagementNotices)
        .set({ billedCents: sql`${engagementNotices.valueCents} + 1` })
        .where(and(eq(engagementNotices.supplierId, pager.supplierId), eq(engagementNotices.status, 'submitted')));

      const seen = new Map<number, string>();
      const read = async (query: string) => {
        const response = await get(`/api/v1/admin/engagement-notices?${query}`, teamHeaders);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<TeamEngagementNoticeListResponse>();
        for (const notice of body.engagementNotices) {
          seen.set(notice.id, notice.lastEdited);
        }
        return { ids: body.engagementNotices.map((notice) => notice.id), nextCursor: body.nextCursor, previousCursor: body.previousCursor };
      };
      const supplier = `supplier=${String(pager.supplierId)}`;
      const walks: [string, number][] = [
        ['', copies * 2 + 1],
        [supplier, copies * 2 + 1],
        [`${supplier}&status=submitted`, copies + 1],
        [`${supplier}&status=withdrawn`, copies],
        [`${supplier}&agency=${String(world.agencies.approved)}`, copies + 1],
        [`${supplier}&agency=${String(world.agencies.other)}`, copies],
        [`${supplier}&period=2026-03`, copies + 1],
        [`${supplier}&period=2025-03`, copies],
        [`${supplier}&mismatch=unconfirmed`, copies],
        [`${supplier}&mismatch=over-value`, copies + 1],
      ];
      for (const [filters, matching] of walks) {
        const ids = await expectKeysetWalk(read, filters, { minimumPages: 3 });
        // The latest change first, then the latest id.
        const order = ids.map((id) => `${seen.get(id) ?? ''} ${String(id).padStart(10, '0')}`);
        expect(order, filters).toEqual([...order].sort().reverse());
        if (filters !== '') {
          expect(ids, filters).toHaveLength(matching);
        }
      }

      // A page read from a notice keeps the count of its page number.
      const first = (await get(`/api/v1/admin/engagement-notices?${supplier}`, teamHeaders)).json<TeamEngagementNoticeListResponse>();
      const second = (await get(`/api/v1/admin/engagement-notices?${supplier}&after=${String(first.nextCursor)}&page=2`, teamHeaders)).json<TeamEngagementNoticeListResponse>();
      expect(second).toMatchObject({ total: copies * 2 + 1, totalIsCapped: false, page: 2, pageSize: ENGAGEMENT_NOTICES_PAGE_SIZE });
    });

    it('refuses a cursor that is not a notice id or both directions at once, and shows an empty page after a notice that is gone', async () => {
      for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2']) {
        expectError(await get(`/api/v1/admin/engagement-notices?${query}`, teamHeaders), 400, 'bad request');
      }
      const gone = await get('/api/v1/admin/engagement-notices?after=2147483000&page=2', teamHeaders);
      expect(gone.statusCode).toBe(200);
      expect(gone.json<TeamEngagementNoticeListResponse>()).toMatchObject({ engagementNotices: [], nextCursor: null, page: 2 });
    });

    it('exports the filtered notices as a streamed, formula-safe CSV', async () => {
      const exporter = await createReportingSupplier(context, '=Exporter', [world.services.design]);
      const notice = await createNotice(context, exporter, world, { overrides: { engagement: { title: '=HYPERLINK("http://evil.example")', reference: '+61 2 5555' } } });
      const response = await get(`/api/v1/admin/engagement-notices/export.csv?supplier=${String(exporter.supplierId)}`, teamHeaders);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('engagement-notices.csv');
      const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, ''));
      expect(header).toEqual([
        'Id',
        'Supplier',
        'Agency',
        'Title',
        'Agency reference',
        'Services',
        'Status',
        'Start date',
        'End date',
        'Value (NZD excl. GST)',
        'Submitted',
        'Withdrawn reason',
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.slice(0, 10)).toEqual([
        String(notice.engagementNoticeId),
        "'=Exporter",
        'Ministry of Testing',
        '\'=HYPERLINK("http://evil.example")',
        "'+61 2 5555",
        'Service design',
        'Submitted',
        '2026-01-05',
        '2026-12-18',
        '120000.00',
      ]);
    });
  });
});
