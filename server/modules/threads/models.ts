/**
 * The records threads can hang off (spec §3: "keyed by parent model plus id"). Each model says
 * which supplier owns one of its records, so one tenant check covers every model; the application
 * and engagement-notice areas add their entry here and get the thread routes for free. Each code
 * is also in THREAD_MODEL_LABELS (common/api/threads.ts), which the `satisfies` below checks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ThreadModelCode } from '../../../common/api/threads';
import type { Database } from '../../db/client';
import { applications, billingReports, engagementNotices, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';

export interface ThreadModel {
  /** The supplier that owns the record, or null when there is no such record. */
  resolveSupplierId(db: Database, recordId: number): Promise<number | null>;
  /** How people name each of these records (the team inbox shows it), by record id; absent: no such name. */
  loadReferences(db: Database, recordIds: number[]): Promise<Map<number, string>>;
}

/** Id → name pairs without the empty names. */
function referenceMap(rows: { id: number; reference: string | null }[]): Map<number, string> {
  return new Map(rows.flatMap((row) => (row.reference === null || row.reference === '' ? [] : [[row.id, row.reference] as const])));
}

export const threadModels = {
  supplier: {
    // A supplier's own threads: the record id is the supplier id.
    async resolveSupplierId(db, recordId) {
      const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, recordId)).limit(1);
      return row?.id ?? null;
    },
    // The inbox shows the supplier's name beside every thread already.
    async loadReferences() {
      return new Map<number, string>();
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
    async loadReferences(db, recordIds) {
      const rows = await db
        .select({ id: applications.id, reference: applications.referenceId })
        .from(applications)
        // The team inbox names the records of any supplier's threads.
        .where(and(inArray(applications.id, recordIds), ownedBy(applications, ANY_SUPPLIER)));
      return referenceMap(rows);
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
    async loadReferences(db, recordIds) {
      const rows = await db
        .select({ id: engagementNotices.id, reference: engagementNotices.reference })
        .from(engagementNotices)
        // The team inbox names the records of any supplier's threads.
        .where(and(inArray(engagementNotices.id, recordIds), ownedBy(engagementNotices, ANY_SUPPLIER)));
      return referenceMap(rows);
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
    async loadReferences(db, recordIds) {
      const rows = await db
        .select({ id: billingReports.id, reference: billingReports.billingPeriod })
        .from(billingReports)
        // The team inbox names the records of any supplier's threads.
        .where(and(inArray(billingReports.id, recordIds), ownedBy(billingReports, ANY_SUPPLIER)));
      return referenceMap(rows);
    },
  },
} satisfies Record<ThreadModelCode, ThreadModel>;

export type ThreadModelName = keyof typeof threadModels;

export const THREAD_MODEL_NAMES = Object.keys(threadModels) as ThreadModelName[];
