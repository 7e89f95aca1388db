/**
 * GET /api/v1/next-steps: what needs doing for the active supplier, and for no other supplier whatever
 * the caller sends: reports due (the reminder's rule), applications waiting on it, unread messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NextStepsResponseSchema, type NextStepsResponse } from '../../../common/api/next-steps';
import { SUPPLIER_HEADER } from '../../auth/supplier-context';
import { bearer } from '../../auth/test-support';
import { threadMessages, threads } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser, createTestApplication } from '../applications/team-test-support';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from '../reporting/test-support';
import type { SupplierWithAdmin } from '../supplier-users/test-support';

describe('the supplier’s next steps', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let other: SupplierWithAdmin;
  let teamUserId = 0;

  const nextSteps = async (headers: Record<string, string>) => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/next-steps', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<NextStepsResponse>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(NextStepsResponseSchema.properties).sort());
    return body;
  };

  async function messageFromTeam(supplierId: number, title: string) {
    const [thread] = await context.database.db
      .insert(threads)
      .values({ model: 'supplier', recordId: supplierId, supplierId, title, isResolved: false, updatedAt: new Date() })
      .returning({ id: threads.id });
    await context.database.db.insert(threadMessages).values({ threadId: thread?.id ?? 0, authorUserId: teamUserId, isFromTeam: true, content: 'A question from the team' });
  }

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    teamUserId = (await createTeamMemberUser(context)).user.id;
    supplier = await createReportingSupplier(context, 'Aroha Design', [world.services.design]);
    other = await createReportingSupplier(context, 'Kea Consulting', [world.services.design]);
    const lines = [{ service: world.services.design, amount: 250_00 }];
    // January to March 2025, before last month whenever the test runs: February reported, March only in a draft.
    const notice = await createNotice(context, supplier, world, { overrides: { dates: { start_date: '2025-01-06', end_date: '2025-03-28' } } });
    await createReport(context, supplier, reportAnswers(notice.engagementNoticeId, '2025-02', lines));
    await createReport(context, supplier, reportAnswers(notice.engagementNoticeId, '2025-03', lines), { status: 'draft' });
    await createNotice(context, other, world, { overrides: { engagement: { title: 'Kea work' }, dates: { start_date: '2025-01-06', end_date: '2025-12-19' } } });

    const services = [{ serviceId: world.services.research }];
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'incomplete', services, lastEdited: new Date('2026-01-02T00:00:00Z') });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'granted', services, lastEdited: new Date('2026-01-03T00:00:00Z') });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'in_progress', services });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'published', services });
    await createTestApplication(context, { supplierId: other.supplierId, status: 'incomplete', services });

    await messageFromTeam(supplier.supplierId, 'About your details');
    await messageFromTeam(other.supplierId, 'About Kea');
    await messageFromTeam(other.supplierId, 'About Kea again');
  });
  afterAll(() => context.close());

  it('lists the reports due, the applications waiting on the supplier and its unread messages', async () => {
    const body = await nextSteps(supplier.headers);
    expect(body.reportsDue.map((report) => [report.billingPeriod, report.engagementNotice.title])).toEqual([
      ['2025-01', 'Website rebuild'],
      ['2025-03', 'Website rebuild'],
    ]);
    expect(body.reportsDueTotal).toBe(2);
    expect(body.applications.map((application) => application.status)).toEqual(['granted', 'incomplete']);
    expect(body.applications[0]?.services).toEqual([{ id: world.services.research, title: 'User research' }]);
    expect(body.messages).toEqual({ unreadMessages: 1, unreadThreads: 1 });
  });

  it('is the header’s supplier’s only: another supplier’s people see their own, a forged header is refused', async () => {
    const kea = await nextSteps(other.headers);
    expect(kea.reportsDue.every((report) => report.engagementNotice.title === 'Kea work')).toBe(true);
    expect(kea.applications).toHaveLength(1);
    expect(kea.messages).toEqual({ unreadMessages: 2, unreadThreads: 2 });

    const forged = await context.app.inject({
      method: 'GET',
      url: '/api/v1/next-steps',
      headers: { ...bearer(other.admin.accessToken), [SUPPLIER_HEADER]: String(supplier.supplierId) },
    });
    expect(forged.statusCode).toBe(403);
    expect(Object.keys(forged.json<object>()).sort()).toEqual(['error', 'message']);
    expect(forged.body).not.toContain('Website rebuild');
  });

  it('needs a signed-in person and an active supplier', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/next-steps' })).statusCode).toBe(401);
    const team = await createTeamMemberUser(context);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/next-steps', headers: team.headers })).statusCode).toBe(400);
  });

  it('says nothing needs doing once the reports are in, the applications sent and the messages read', async () => {
    const empty = await createReportingSupplier(context, 'Nothing Due', [world.services.design]);
    expect(await nextSteps(empty.headers)).toEqual({ reportsDue: [], reportsDueTotal: 0, applications: [], messages: { unreadMessages: 0, unreadThreads: 0 } });
  });
});
