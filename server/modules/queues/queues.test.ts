/**
 * GET /api/v1/admin/queues: items seeded at fixed times, read at a fixed "now" (the Date clock only
 * is faked, for the one request: tokens issued at the real time stay valid at an earlier moment).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkQueue, WorkQueuesResponse } from '../../../common/api/queues';
import { isOverdue } from '../../../common/working-days';
import { agencyApplications, billingReports, engagementNotices, serviceListings, supplierDetailChanges, supplierRegistrations, threadMessages, threads } from '../../db/schema/index';
import { bearer, createSignedInUser } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTeamMemberUser, createTestApplication, type ApplicantSupplier } from '../applications/team-test-support';
import { createChannel, serviceId } from '../directory/test-support';

/** Auckland daylight time (UTC+13) through the whole of this test's calendar. */
const nzdt = (local: string) => new Date(`${local}+13:00`);
/** Monday 16 February 2026, 10 am in Auckland. With 10 working days, overdue is before Monday 2 February. */
const NOW = nzdt('2026-02-16T10:00:00');

async function seedRegistration(context: TestContext, status: 'pending' | 'approved', createdAt: Date) {
  await context.database.db.insert(supplierRegistrations).values({
    referenceId: `REG-${randomBytes(4).toString('hex')}`,
    status,
    formKey: 'registration',
    formVersion: 1,
    answers: {},
    tradingName: 'Waiting Ltd',
    registrantName: 'Registrant',
    registrantEmail: 'registrant@example.com',
    createdAt,
  });
}

async function seedAgency(context: TestContext, status: 'incomplete' | 'submitted' | 'approved', submittedAt: Date | null) {
  await context.database.db.insert(agencyApplications).values({
    resumeTokenHash: randomBytes(16).toString('hex'),
    formVersion: 1,
    status,
    agencyName: 'Ministry of Waiting',
    expiresAt: new Date('2027-01-01T00:00:00Z'),
    submittedAt,
    lastEdited: submittedAt ?? new Date('2026-02-15T00:00:00Z'),
  });
}

async function seedThread(context: TestContext, supplierId: number, input: { isResolved?: boolean; messages: { at: Date; authorUserId: number; isFromTeam?: boolean }[] }) {
  const { db } = context.database;
  const [thread] = await db
    .insert(threads)
    .values({ model: 'supplier', recordId: supplierId, supplierId, title: 'Question', isResolved: input.isResolved ?? false, updatedAt: input.messages.at(-1)?.at ?? NOW })
    .returning({ id: threads.id });
  for (const message of input.messages) {
    await db.insert(threadMessages).values({
      threadId: thread?.id ?? 0,
      authorUserId: message.authorUserId,
      isFromTeam: message.isFromTeam ?? false,
      content: 'A message',
      createdAt: message.at,
    });
  }
}

describe('the team\'s work queues', () => {
  let context: TestContext;
  let teamHeaders: Record<string, string>;
  let supplier: ApplicantSupplier;

  const readQueues = async (target: TestContext = context, headers = teamHeaders) => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      const response = await target.app.inject({ method: 'GET', url: '/api/v1/admin/queues', headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WorkQueuesResponse>();
    } finally {
      vi.useRealTimers();
    }
  };
  const queueOf = (answer: WorkQueuesResponse, key: string): WorkQueue => {
    const queue = answer.queues.find((item) => item.key === key);
    if (!queue) {
      throw new Error(`no queue ${key}`);
    }
    return queue;
  };

  beforeAll(async () => {
    context = await buildTestApp();
    teamHeaders = (await createTeamMemberUser(context)).headers;
    supplier = await createApplicantSupplier(context, 'Queued Supplier');
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => context.close());

  it('is the team\'s only', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/queues' })).statusCode).toBe(401);
    const member = await createSignedInUser(context, { suppliers: [{ supplierId: supplier.supplierId, isAdmin: true }] });
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/queues', headers: bearer(member.accessToken, supplier.supplierId) })).statusCode).toBe(403);
  });

  it('lists every queue empty at first, with the target and the instant before which items are overdue', async () => {
    const answer = await readQueues();
    expect(answer).toMatchObject({ at: NOW.toISOString(), reviewTargetDays: 10, overdueBefore: nzdt('2026-02-02T00:00:00').toISOString() });
    expect(answer.queues.map((queue) => queue.key)).toEqual([
      'supplier-registrations',
      'supplier-detail-changes',
      'applications-submitted',
      'applications-pre_assessment',
      'applications-in_progress',
      'applications-granted',
      'applications-listing_validation',
      'service-listings',
      'agency-registrations',
      'threads',
      'engagement-notices',
      'billing-reports',
    ]);
    for (const queue of answer.queues) {
      expect(queue).toMatchObject({ count: 0, overdueCount: 0, oldestSince: null, oldestAgeSeconds: null, oldestAgeWorkingDays: null });
    }
    expect(queueOf(answer, 'applications-granted')).toMatchObject({ applicationStage: 'granted', windowDays: null });
    expect(queueOf(answer, 'engagement-notices')).toMatchObject({ applicationStage: null, windowDays: 30 });
  });

  it('counts each queue\'s items, the oldest one\'s time in its stage and the items past the target', async () => {
    const { db } = context.database;
    const supplierUserId = supplier.admin.user.id;
    const teamMember = await createTeamMemberUser(context);

    // Supplier registrations: pending since Friday 30 January (11 working days) and Tuesday 10 February (4).
    await seedRegistration(context, 'pending', nzdt('2026-01-30T09:00:00'));
    await seedRegistration(context, 'pending', nzdt('2026-02-10T09:00:00'));
    await seedRegistration(context, 'approved', nzdt('2025-06-01T09:00:00'));

    // Applications, aged by the time they reached their stage, not their last change.
    const application = (status: 'submitted' | 'pre_assessment' | 'granted' | 'listing_validation' | 'published' | 'declined' | 'incomplete', stageSince: Date) =>
      createTestApplication(context, { supplierId: supplier.supplierId, status, services: [], lastEdited: NOW, stageSince });
    // On the target exactly (Monday 2 February, midnight: 10 working days), and one second before it (11).
    await application('submitted', nzdt('2026-02-02T00:00:00'));
    await application('submitted', nzdt('2026-02-01T23:59:59'));
    await application('pre_assessment', nzdt('2026-02-13T15:00:00'));
    await application('granted', nzdt('2026-01-05T09:00:00'));
    await application('listing_validation', nzdt('2026-02-16T09:00:00'));
    // Stages the team does not act on.
    await application('published', nzdt('2025-01-05T09:00:00'));
    await application('declined', nzdt('2025-01-05T09:00:00'));
    await application('incomplete', nzdt('2025-01-05T09:00:00'));

    // Agency registrations: submitted ones only.
    await seedAgency(context, 'submitted', nzdt('2026-02-09T10:00:00'));
    await seedAgency(context, 'incomplete', null);
    await seedAgency(context, 'approved', nzdt('2025-11-01T10:00:00'));

    // Threads waiting on the team: since the supplier's first message after the team's last one.
    await seedThread(context, supplier.supplierId, {
      messages: [
        { at: nzdt('2026-01-20T10:00:00'), authorUserId: supplierUserId },
        { at: nzdt('2026-01-21T10:00:00'), authorUserId: teamMember.user.id, isFromTeam: true },
        { at: nzdt('2026-02-01T12:00:00'), authorUserId: supplierUserId },
        // Chasing does not restart the clock.
        { at: nzdt('2026-02-10T12:00:00'), authorUserId: supplierUserId },
      ],
    });
    await seedThread(context, supplier.supplierId, { messages: [{ at: nzdt('2026-02-12T12:00:00'), authorUserId: supplierUserId }] });
    // Waiting on the supplier, and resolved: not the team's work.
    await seedThread(context, supplier.supplierId, {
      messages: [
        { at: nzdt('2026-01-05T12:00:00'), authorUserId: supplierUserId },
        { at: nzdt('2026-01-06T12:00:00'), authorUserId: teamMember.user.id, isFromTeam: true },
      ],
    });
    await seedThread(context, supplier.supplierId, { isResolved: true, messages: [{ at: nzdt('2025-12-01T12:00:00'), authorUserId: supplierUserId }] });

    // Engagement notices and billing reports submitted in the last 30 days (since 17 January).
    const notice = (status: 'draft' | 'submitted' | 'withdrawn', submittedAt: Date | null) =>
      db.insert(engagementNotices).values({ supplierId: supplier.supplierId, formVersion: 1, status, submittedAt });
    await notice('submitted', nzdt('2026-02-11T10:00:00'));
    await notice('submitted', nzdt('2026-01-20T10:00:00'));
    await notice('submitted', nzdt('2026-01-10T10:00:00'));
    await notice('draft', null);
    await notice('withdrawn', nzdt('2026-02-10T10:00:00'));
    await db.insert(billingReports).values([
      { supplierId: supplier.supplierId, formVersion: 1, status: 'submitted', billingPeriod: '2026-01', submittedAt: nzdt('2026-02-14T10:00:00') },
      { supplierId: supplier.supplierId, formVersion: 1, status: 'draft', billingPeriod: '2026-02' },
    ]);
    // One change waiting since before the target, one decided (not counted).
    await db.insert(supplierDetailChanges).values([
      { supplierId: supplier.supplierId, before: { legal_name: 'Old Limited' }, after: { legal_name: 'New Limited' }, requestedAt: nzdt('2026-01-29T09:00:00') },
      { supplierId: supplier.supplierId, status: 'declined', before: { nzbn: null }, after: { nzbn: '9429041525746' }, requestedAt: nzdt('2026-01-20T09:00:00') },
    ]);

    // Service listings waiting for review, since they were sent; the others are not the team's work.
    const listingChannel = await createChannel(db, { title: 'Queue Channel', catalogues: [{ title: 'Queue Catalogue', services: [{ title: 'Queue one' }, { title: 'Queue two' }, { title: 'Queue three' }] }] });
    const listingServices = ['Queue one', 'Queue two', 'Queue three'].map((title) => ({ id: serviceId(listingChannel, title) }));
    const listing = (serviceId: number, status: 'in_review' | 'draft' | 'approved', submittedAt: Date | null) =>
      db.insert(serviceListings).values({ supplierId: supplier.supplierId, serviceId, formVersion: 1, status, submittedAt });
    await listing(listingServices[0]?.id ?? 0, 'in_review', nzdt('2026-01-30T09:00:00'));
    await listing(listingServices[1]?.id ?? 0, 'draft', null);
    await listing(listingServices[2]?.id ?? 0, 'approved', nzdt('2026-01-02T09:00:00'));

    const answer = await readQueues();
    const summary = (key: string) => {
      const { count, overdueCount, oldestSince, oldestAgeSeconds, oldestAgeWorkingDays } = queueOf(answer, key);
      return { count, overdueCount, oldestSince, oldestAgeSeconds, oldestAgeWorkingDays };
    };
    const ageOf = (since: Date) => (NOW.getTime() - since.getTime()) / 1000;
    const oldest = (since: Date, workingDays: number) => ({ oldestSince: since.toISOString(), oldestAgeSeconds: ageOf(since), oldestAgeWorkingDays: workingDays });

    expect(summary('supplier-registrations')).toEqual({ count: 2, overdueCount: 1, ...oldest(nzdt('2026-01-30T09:00:00'), 11) });
    expect(summary('supplier-detail-changes')).toEqual({ count: 1, overdueCount: 1, ...oldest(nzdt('2026-01-29T09:00:00'), 12) });
    expect(summary('applications-submitted')).toEqual({ count: 2, overdueCount: 1, ...oldest(nzdt('2026-02-01T23:59:59'), 11) });
    expect(summary('applications-pre_assessment')).toEqual({ count: 1, overdueCount: 0, ...oldest(nzdt('2026-02-13T15:00:00'), 1) });
    expect(summary('applications-in_progress')).toEqual({ count: 0, overdueCount: 0, oldestSince: null, oldestAgeSeconds: null, oldestAgeWorkingDays: null });
    expect(summary('applications-granted')).toEqual({ count: 1, overdueCount: 1, ...oldest(nzdt('2026-01-05T09:00:00'), 30) });
    expect(summary('applications-listing_validation')).toEqual({ count: 1, overdueCount: 0, ...oldest(nzdt('2026-02-16T09:00:00'), 0) });
    expect(summary('service-listings')).toEqual({ count: 1, overdueCount: 1, ...oldest(nzdt('2026-01-30T09:00:00'), 11) });
    expect(summary('agency-registrations')).toEqual({ count: 1, overdueCount: 0, ...oldest(nzdt('2026-02-09T10:00:00'), 5) });
    expect(summary('threads')).toEqual({ count: 2, overdueCount: 1, ...oldest(nzdt('2026-02-01T12:00:00'), 11) });
    expect(summary('engagement-notices')).toEqual({ count: 2, overdueCount: 1, ...oldest(nzdt('2026-01-20T10:00:00'), 19) });
    expect(summary('billing-reports')).toEqual({ count: 1, overdueCount: 0, ...oldest(nzdt('2026-02-14T10:00:00'), 1) });

    // The server's overdue counts are the shared rule's.
    expect(isOverdue(nzdt('2026-02-01T23:59:59'), NOW, 10)).toBe(true);
    expect(isOverdue(nzdt('2026-02-02T00:00:00'), NOW, 10)).toBe(false);
  });

  it('takes the target from REVIEW_TARGET_DAYS', async () => {
    const strict = await buildTestApp({ REVIEW_TARGET_DAYS: '3' });
    try {
      const teamMember = await createTeamMemberUser(strict);
      await seedRegistration(strict, 'pending', nzdt('2026-02-10T09:00:00'));
      await seedRegistration(strict, 'pending', nzdt('2026-02-11T09:00:00'));
      const answer = await readQueues(strict, teamMember.headers);
      // Tuesday 10 February is 4 working days back, Wednesday 11 February 3.
      expect(answer).toMatchObject({ reviewTargetDays: 3, overdueBefore: nzdt('2026-02-11T00:00:00').toISOString() });
      expect(queueOf(answer, 'supplier-registrations')).toMatchObject({ count: 2, overdueCount: 1 });
    } finally {
      await strict.close();
    }
  });
});
