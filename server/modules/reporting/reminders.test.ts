/** The monthly billing reminder: who gets it, once, even with two runs at the same moment. */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingReminderPeriod, lastDueBillingPeriod } from '../../../common/reporting/billing-reports';
import { billingReminders } from '../../db/schema/index';
import { seedDemoData } from '../../seed/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from './test-support';
import { billingReminderSubject, sendBillingReminders, type ReminderDeps } from './reminders';
import { findSupplierMissingReports, listMissingReportsForTeam } from './missing-reports';

describe('billing reminders', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let deps: ReminderDeps;
  const period = '2026-09';

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    deps = { db: context.database.db, mail: context.app.mail, log: context.app.log, productName: 'Marketplace', publicUrl: 'http://localhost:3000' };
  });
  afterAll(() => context.close());

  const remindersTo = async (email: string) =>
    (await context.deliverMail()).filter((entry) => entry.to.includes(email) && entry.subject === billingReminderSubject(period));

  it('is due from the 5th of the month in New Zealand, for the month before', () => {
    expect(billingReminderPeriod(new Date('2026-11-04T12:00:00Z'))).toBe('2026-10'); // 5 November, 01:00 in Auckland
    expect(billingReminderPeriod(new Date('2026-11-03T10:00:00Z'))).toBeNull(); // 3 November, 23:00
    expect(billingReminderPeriod(new Date('2027-01-20T00:00:00Z'))).toBe('2026-12');
  });

  it('emails the users of suppliers with an engagement running last month and no report for it, once, even from two processes at once', async () => {
    const due = await createReportingSupplier(context, 'Due Reporter', [world.services.design]);
    const reported = await createReportingSupplier(context, 'Has Reported', [world.services.design]);
    const withdrawn = await createReportingSupplier(context, 'Withdrew', [world.services.design]);
    const ended = await createReportingSupplier(context, 'Ended Early', [world.services.design]);
    await createNotice(context, due, world);
    await createNotice(context, due, world, { status: 'draft' });
    const reportedNotice = await createNotice(context, reported, world);
    await createReport(context, reported, reportAnswers(reportedNotice.engagementNoticeId, period, [{ service: world.services.design, amount: 100 }]));
    const withdrawnNotice = await createNotice(context, withdrawn, world);
    await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/withdraw/${String(withdrawnNotice.engagementNoticeId)}`,
      headers: withdrawn.headers,
      payload: { withdrawnReason: 'duplicate' },
    });
    await createNotice(context, ended, world, { overrides: { dates: { start_date: '2026-01-05', end_date: '2026-06-30' } } });

    const [first, second] = await Promise.all([sendBillingReminders(deps, period), sendBillingReminders(deps, period)]);
    expect([...first, ...second]).toEqual([due.supplierId]);
    expect(await sendBillingReminders(deps, period)).toEqual([]);
    const mails = await remindersTo(due.admin.user.email);
    expect(mails).toHaveLength(1);
    for (const other of [reported, withdrawn, ended]) {
      expect(await remindersTo(other.admin.user.email)).toEqual([]);
    }
  });

  it('gives the claim back when the mails cannot be queued, so a later run sends them', async () => {
    const flaky = await createReportingSupplier(context, 'Flaky Mail', [world.services.hosting]);
    await createNotice(context, flaky, world, { overrides: { engagement: { services: [world.services.hosting] } } });
    const failing: ReminderDeps = { ...deps, mail: { enqueue: () => Promise.reject(new Error('queue unavailable')) } };
    const [before] = await context.database.db.select({ value: count() }).from(billingReminders);
    expect(await sendBillingReminders(failing, period)).toEqual([]);
    const [after] = await context.database.db.select({ value: count() }).from(billingReminders);
    expect(after?.value).toBe(before?.value);
    expect(await sendBillingReminders(deps, period)).toEqual([flaky.supplierId]);
    expect(await remindersTo(flaky.admin.user.email)).toHaveLength(1);
  });
});

describe('billing reminders on a fresh demo database (issue 27: the very first start mailed three people)', () => {
  let context: TestContext;
  let deps: ReminderDeps;
  // 29 November in New Zealand: October's reminder is due, and the demo has no October reports.
  const seededAt = new Date('2026-11-29T01:00:00Z');

  beforeAll(async () => {
    context = await buildTestApp();
    expect(await seedDemoData(context.database.db, seededAt)).toBe(true);
    deps = { db: context.database.db, mail: context.app.mail, log: context.app.log, productName: 'Marketplace', publicUrl: 'http://localhost:3000' };
  });
  afterAll(() => context.close());

  it('sends nothing for the month due when the demo was seeded', async () => {
    const due = billingReminderPeriod(seededAt) ?? '';
    expect(due).toBe('2026-10');
    expect(await sendBillingReminders(deps, due)).toEqual([]);
    expect(await context.deliverMail()).toEqual([]);
  });

  it('shows the demo supplier its reports due, and the team its missing reports, although the reminder is marked sent', async () => {
    const missing = await listMissingReportsForTeam(context.database.db, {}, lastDueBillingPeriod(seededAt));
    // The portal's first month, March, was never reported; nor was October, the month the reminder is marked sent for.
    expect(missing.missingReports.map((report) => `${report.billingPeriod} ${report.engagementNotice.title ?? ''}`)).toEqual([
      '2026-03 Regional services portal',
      '2026-06 Council website accessibility uplift',
      '2026-09 Council website accessibility uplift',
      // One supplier's two notices of one month: in the order they were written.
      '2026-10 Regional services portal',
      '2026-10 Council website accessibility uplift',
    ]);
    const supplierId = missing.missingReports[0]?.supplier.id ?? 0;
    expect((await findSupplierMissingReports(context.database.db, supplierId, lastDueBillingPeriod(seededAt), 12)).total).toBe(5);
  });

  it('reminds the demo supplier as usual about the months it lives through', async () => {
    const reminded = await sendBillingReminders(deps, '2026-11');
    expect(reminded).toHaveLength(1);
    const mails = await context.deliverMail();
    expect(mails.filter((mail) => mail.to.includes('admin@example.com') && mail.subject === billingReminderSubject('2026-11'))).toHaveLength(1);
  });
});
