/**
 * One change waiting for the team's review, so its screen is not empty on first start: Harbourside
 * Consulting's admin asked to change its legal name two days ago (issue 29, item 4).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { supplierDetailChanges, suppliers, users } from '../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function insertDemoSupplierChange(tx: Database, supplierId: number, now: Date): Promise<void> {
  const [supplier] = await tx.select({ legalName: suppliers.legalName }).from(suppliers).where(eq(suppliers.id, supplierId));
  const [requester] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  await tx.insert(supplierDetailChanges).values({
    supplierId,
    before: { legal_name: supplier?.legalName ?? null },
    after: { legal_name: 'Harbourside Advisory Group Limited' },
    requestedByUserId: requester?.id ?? null,
    requestedAt: new Date(now.getTime() - 2 * DAY_MS),
  });
}
