/** The demo data's failed and waiting mail (server/seed/demo-mail-jobs.ts), as the team's list shows them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundJobListResponse } from '../../../common/api/background-jobs';
import { seedDemoData } from '../../seed/index';
import { DEMO_FAILED_MAIL, DEMO_FAILED_MAIL_REASON, DEMO_WAITING_MAIL, DEMO_WAITING_MAIL_REASON } from '../../seed/demo-mail-jobs';
import { buildTestApp, type TestContext } from '../../test/harness';
import { listBackgroundJobs } from './service';

describe('the demo data\'s mail jobs', () => {
  let context: TestContext;
  const now = new Date();

  beforeAll(async () => {
    context = await buildTestApp({ MAIL_RETRY_LIMIT: '10' });
    expect(await seedDemoData(context.database.db, now, { withMailJobs: true })).toBe(true);
  });
  afterAll(() => context.close());

  it('holds one mail that failed on every try and one waiting to be tried again', async () => {
    const list: BackgroundJobListResponse = await listBackgroundJobs({ db: context.database.db, jobs: context.app.jobs }, {});
    expect(list.total).toBe(2);
    const [waiting, failed] = list.jobs;
    expect(waiting).toMatchObject({
      label: 'Email',
      description: `“${DEMO_WAITING_MAIL.subject}” to ${String(DEMO_WAITING_MAIL.to)}`,
      state: 'retry',
      attempts: 2,
      maxAttempts: 11,
      reason: DEMO_WAITING_MAIL_REASON,
    });
    expect(Date.parse(waiting?.nextAttemptAt ?? '')).toBeGreaterThan(now.getTime());
    expect(failed).toMatchObject({
      description: `“${DEMO_FAILED_MAIL.subject}” to ${String(DEMO_FAILED_MAIL.to)}`,
      state: 'failed',
      attempts: 11,
      maxAttempts: 11,
      nextAttemptAt: null,
      reason: DEMO_FAILED_MAIL_REASON,
    });
  });

  it('runs neither before its time, and sends the failed one once a team admin retries it', async () => {
    expect(await context.runQueuedJobs()).toBe(0);
    const [, failed] = (await listBackgroundJobs({ db: context.database.db, jobs: context.app.jobs }, {})).jobs;
    await context.app.jobs.boss.retry('send-mail', failed?.id ?? '');
    // The outbox mailer takes it: sent, it leaves the list.
    expect(await context.runQueuedJobs()).toBe(1);
    expect((await listBackgroundJobs({ db: context.database.db, jobs: context.app.jobs }, {})).total).toBe(1);
  });
});
