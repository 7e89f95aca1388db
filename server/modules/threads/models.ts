/**
 * The records threads can hang off (spec §3: "keyed by parent model plus id"). Each model says
 * which supplier owns one of its records, so one tenant check covers every model; the application
 * and engagement-notice areas add their entry here and get the thread routes for free.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, billingReports, engagementNotices, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';

export interface ThreadModel {
  /** The supplier that owns the record, or null when there is no such record. */
  resolveSupplierId(db: Database, recordId: number): Promise<number | null>;
}

export const threadModels = {
  supplier: {
    // A supplier's own threads: the record id is the supplier id.
    async resolveSupplierId(db, recordId) {
      const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, recordId)).limit(1);
      return row?.id ?? null;
    },
  },
  application: {
    // An application's threads (the team's questions, a decline's reasons) belong to its supplier.
    async resolveSupplierId(db, recordId) {
      const [row] = await db
        .select({ supplierId: applications.supplierId })
        .from(applications)
        // Finding the owner is the point: authorizeRecord compares it with the caller's supplier.
        .where(and(eq(applications.id, recordId), ownedBy(applications, ANY_SUPPLIER)))
        .limit(1);
      return row?.supplierId ?? null;
    },
  },
  'engagement-notice': {
    // An engagement notice's threads (questions about it either way) belong to its supplier.
    async resolveSupplierId(db, recordId) {
      const [row] = await db
        .select({ supplierId: engagementNotices.supplierId })
        .from(engagementNotices)
        // Finding the owner is the point: authorizeRecord compares it with the caller's supplier.
        .where(and(eq(engagementNotices.id, recordId), ownedBy(engagementNotices, ANY_SUPPLIER)))
        .limit(1);
      return row?.supplierId ?? null;
    },
  },
  'billing-report': {
    async resolveSupplierId(db, recordId) {
      const [row] = await db
        .select({ supplierId: billingReports.supplierId })
        .from(billingReports)
        // Finding the owner is the point: authorizeRecord compares it with the caller's supplier.
        .where(and(eq(billingReports.id, recordId), ownedBy(billingReports, ANY_SUPPLIER)))
        .limit(1);
      return row?.supplierId ?? null;
    },
  },
} satisfies Record<string, ThreadModel>;

export type ThreadModelName = keyof typeof threadModels;

export const THREAD_MODEL_NAMES = Object.keys(threadModels) as ThreadModelName[];
