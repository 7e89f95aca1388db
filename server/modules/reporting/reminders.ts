/**
 * The monthly billing reminder (issue 12 item 3): from the BILLING_REMINDER_DAY of each month, the
 * users of every supplier with an engagement running last month (a submitted notice whose dates
 * cover it) and no submitted report for that month are emailed once (the rule is
 * `missing-reports.ts`, which the supplier's next steps and the team's missing reports read too).
 * It runs as a scheduled job (BILLING_REMINDER_SCHEDULE, hourly), which the job queue fires once per
 * period across all processes. Each reminder is claimed by inserting its (supplier, month) row into
 * `billing_reminders` in the transaction that queues its mails: the claim and the mails commit
 * together, so a reminder is queued once whatever runs it, and its mails are retried by the queue.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MissingBillingReport } from '../../../common/api/billing-reports';
import { billingPeriodLabel, billingReminderPeriod } from '../../../common/reporting/billing-reports';
import type { Database } from '../../db/client';
import { billingReminders, supplierMemberships, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import type { JobKind } from '../../jobs/job-queue';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { findMissingReportsForPeriod } from './missing-reports';

export interface ReminderDeps {
  db: Database;
  mail: MailQueue;
  log: FastifyBaseLogger;
  productName: string;
  publicUrl: string;
}

export const BILLING_REMINDER_QUEUE = 'billing-reminders';

export function billingReminderSubject(period: string): string {
  return `Billing report due for ${billingPeriodLabel(period)}`;
}

/**
 * Sends the reminders due for `period` that no process has claimed yet; returns the suppliers this
 * call reminded. Safe to run any number of times, in any number of processes at once.
 */
export async function sendBillingReminders(deps: ReminderDeps, period: string): Promise<number[]> {
  const due = await findMissingReportsForPeriod(deps.db, period);
  const bySupplier = new Map<number, MissingBillingReport['engagementNotice'][]>();
  for (const { supplier, engagementNotice } of due) {
    bySupplier.set(supplier.id, [...(bySupplier.get(supplier.id) ?? []), engagementNotice]);
  }
  const reminded: number[] = [];
  for (const [supplierId, notices] of bySupplier) {
    const queued = await remindSupplier(deps, period, supplierId, notices).catch((error: unknown) => {
      // The claim rolled back with the mails: the next run tries this supplier again.
      deps.log.error({ err: error, supplierId, period }, 'billing reminder failed; it will be tried again');
      return false;
    });
    if (queued) {
      reminded.push(supplierId);
    }
  }
  return reminded;
}

/** Claims the supplier's reminder for the month and queues its mails, in one transaction; false when it was claimed before. */
function remindSupplier(deps: ReminderDeps, period: string, supplierId: number, notices: MissingBillingReport['engagementNotice'][]): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(billingReminders)
      .values({ supplierId, billingPeriod: period })
      .onConflictDoNothing()
      .returning({ supplierId: billingReminders.supplierId });
    if (claimed.length === 0) {
      return false;
    }
    const recipients = await tx
      .selectDistinct({ email: users.email })
      .from(supplierMemberships)
      .innerJoin(users, eq(users.id, supplierMemberships.userId))
      .where(ownedBy(supplierMemberships, supplierId));
    const month = billingPeriodLabel(period);
    const text = [
      'Kia ora,',
      '',
      `You have engagements that ran in ${month} with no billing report for that month yet:`,
      // Titles and agency names are typed by people: quoted, never read as the portal's words.
      ...notices.map(
        (notice) => `- ${notice.title ? quoteForMail(notice.title) : 'An untitled engagement'}${notice.agencyName ? `, for ${quoteForMail(notice.agencyName)}` : ''}`,
      ),
      '',
      `Report what you billed, excluding GST, in your ${deps.productName} dashboard: ${deps.publicUrl}/dashboard/billing-reports`,
      '',
    ].join('\n');
    for (const recipient of recipients.filter((candidate) => candidate.email !== '')) {
      await deps.mail.enqueue(tx, { to: recipient.email, subject: billingReminderSubject(period), text });
    }
    return true;
  });
}

/** The scheduled job: the reminders due at the time it runs, if the month's reminder day has come. */
export function billingReminderJobKind(deps: ReminderDeps, schedule: string, clock: () => Date = () => new Date()): JobKind {
  return {
    name: BILLING_REMINDER_QUEUE,
    label: 'Billing reminders',
    // A failed run is simply the next period's work: the claims make any rerun safe.
    retry: { limit: 2, delaySeconds: 300, backoff: false },
    schedule,
    async run() {
      const period = billingReminderPeriod(clock());
      if (period === null) {
        return;
      }
      const reminded = await sendBillingReminders(deps, period);
      // Every run, at debug: with several processes, the run shows whichever did it.
      deps.log.debug({ period, suppliers: reminded.length }, 'billing reminder run finished');
      if (reminded.length > 0) {
        deps.log.info({ period, suppliers: reminded.length }, 'billing reminders queued');
      }
    },
  };
}
