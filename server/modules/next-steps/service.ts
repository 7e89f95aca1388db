/**
 * What needs doing for a supplier (issue 27 item 6), read from the areas that own each kind of work
 * through what they lend: reporting's missing billing reports (the reminder's rule), the
 * applications waiting on the supplier, and the caller's unread messages. It owns no table.
 */
import type { NextStepsResponse } from '../../../common/api/next-steps';
import { NEXT_STEPS_REPORTS_LIMIT } from '../../../common/api/next-steps';
import { isWaitingOnSupplier } from '../../../common/application-stages';
import { lastDueBillingPeriod } from '../../../common/reporting/billing-reports';
import type { Database } from '../../db/client';
import { listApplications } from '../applications/service';
import { findSupplierMissingReports } from '../reporting/service';
import { countUnread } from '../threads/service';

/** GET /next-steps: the active supplier's reports due up to last month, applications waiting on it, and `userId`'s unread messages. */
export async function findSupplierNextSteps(db: Database, supplierId: number, userId: number, now: Date): Promise<NextStepsResponse> {
  const [reports, applications, messages] = await Promise.all([
    findSupplierMissingReports(db, supplierId, lastDueBillingPeriod(now), NEXT_STEPS_REPORTS_LIMIT),
    listApplications(db, supplierId),
    countUnread(db, userId, supplierId),
  ]);
  return {
    reportsDue: reports.missingReports.map(({ billingPeriod, engagementNotice }) => ({ billingPeriod, engagementNotice })),
    reportsDueTotal: reports.total,
    applications: applications.applications
      .filter((application) => isWaitingOnSupplier(application.status))
      .map(({ id, referenceId, status, services }) => ({ id, referenceId, status, services })),
    messages,
  };
}
