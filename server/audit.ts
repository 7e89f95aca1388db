/** The audit log: every state change a person makes, with who, what, when, before and after. */
import type { Database } from './db/client';
import { auditLog } from './db/schema/index';

export interface AuditEntry {
  actorUserId: number | null;
  /** Verb-noun of what happened, e.g. `user.switch-supplier`. */
  action: string;
  entity: string;
  entityId: string | number;
  supplierId?: number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string;
}

export interface AuditLog {
  /** Records one entry; pass the transaction when the change runs in one, so both commit together. */
  record(entry: AuditEntry, db?: Database): Promise<void>;
}

export function createAuditLog(defaultDb: Database): AuditLog {
  return {
    async record(entry, db = defaultDb) {
      await db.insert(auditLog).values({
        actorUserId: entry.actorUserId,
        action: entry.action,
        entity: entry.entity,
        entityId: String(entry.entityId),
        supplierId: entry.supplierId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        requestId: entry.requestId ?? null,
      });
    },
  };
}
