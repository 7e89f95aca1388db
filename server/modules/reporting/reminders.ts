/**
 * The monthly billing reminder (issue 12 item 3): from the BILLING_REMINDER_DAY of each month, the
 * users of every supplier with an engagement running last month (a submitted notice whose dates
 * cover it) and no submitted report for that month are emailed once (the rule is
 * `missing-reports.ts`, which the supplier's next steps and the team's missing reports read too). The job runs inside each
 * server process on a timer (`startBillingReminderJob`, from main.ts); each reminder is claimed
 * first by inserting its (supplier, month) row into `billing_reminders`, so with two processes
 * only the one whose insert lands sends it. A send that fails gives the claim back for the next run.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MissingBillingReport } from '../../../common/api/billing-reports';
import { billingPeriodLabel, billingReminderPeriod } from '../../../common/reporting/billing-reports';
import type { Database } from '../../db/client';
import { billingReminders, supplierMemberships, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import type { Mailer } from '../../mail/index';
import { quoteForMail } from '../../mail/quote';
import { findMissingReportsForPeriod } from './missing-reports';

export interface ReminderDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  productName: string;
  publicUrl: string;
}

/** How often each process looks for reminders due: hourly (a claimed reminder is never sent twice). */
export const BILLING_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

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
    const claimed = await deps.db
      .insert(billingReminders)
      .values({ supplierId, billingPeriod: period })
      .onConflictDoNothing()
      .returning({ supplierId: billingReminders.supplierId });
    if (claimed.length === 0) {
      continue;
    }
    try {
      const recipients = await deps.db
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
        await deps.mailer.send({ to: recipient.email, subject: billingReminderSubject(period), text });
      }
      reminded.push(supplierId);
    } catch (error) {
      deps.log.error({ err: error, supplierId, period }, 'billing reminder failed; it will be tried again');
      await deps.db.delete(billingReminders).where(and(ownedBy(billingReminders, supplierId), eq(billingReminders.billingPeriod, period)));
    }
  }
  return reminded;
}

/** Looks for reminders due now, then every `intervalMs`; returns the function that stops it. */
export function startBillingReminderJob(deps: ReminderDeps, intervalMs = BILLING_REMINDER_INTERVAL_MS, clock: () => Date = () => new Date()): () => void {
  let running: Promise<void> | null = null;
  const tick = () => {
    const period = billingReminderPeriod(clock());
    if (period === null || running) {
      return;
    }
    running = sendBillingReminders(deps, period)
      .then((reminded) => {
        // Every run, at debug: with several processes, each one's share of a period's reminders shows.
        deps.log.debug({ period, suppliers: reminded.length }, 'billing reminder run finished');
        if (reminded.length > 0) {
          deps.log.info({ period, suppliers: reminded.length }, 'billing reminders sent');
        }
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error, period }, 'billing reminder run failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
