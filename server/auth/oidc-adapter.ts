/**
 * oidc-provider's storage over the `oidc_payloads` table: sessions, interactions, grants, codes and
 * tokens live in the database, so a restart signs nobody out and every process sees the same state.
 * Expired rows are never returned; they are deleted now and then on write, with the sign-in details
 * (sign-in-sessions.ts) of sessions that have gone.
 */
import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema/index';
import { isUnsafeText } from '../http/input-guard';
import { deleteEndedSignIns } from './sign-in-sessions';

/** How often (at most) a process sweeps expired rows. */
export const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;

type PayloadRow = typeof oidcPayloads.$inferSelect;

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function toPayload(row: PayloadRow | undefined): AdapterPayload | undefined {
  if (!row) {
    return undefined;
  }
  const payload = row.payload as AdapterPayload;
  // oidc-provider marks single-use artefacts (codes) consumed with an epoch-seconds timestamp.
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

export interface OidcAdapterOptions {
  log?: FastifyBaseLogger;
  /** For tests: the clock the expiry checks use. */
  now?: () => Date;
}

export interface OidcAdapterClass extends AdapterConstructor {
  /** Deletes every expired row now; returns how many were deleted. */
  deleteExpired(): Promise<number>;
}

export function createOidcAdapter(db: Database, options: OidcAdapterOptions = {}): OidcAdapterClass {
  const now = options.now ?? (() => new Date());
  let lastCleanup = now().getTime();

  const deleteExpired = async (): Promise<number> => {
    const deleted = await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now())).returning({ id: oidcPayloads.id });
    // What 'Your account' showed of sessions that have gone (signed out, ended or expired).
    await deleteEndedSignIns(db);
    return deleted.length;
  };

  // The write that comes due pays for the sweep (an indexed delete); a failed sweep never fails it.
  const sweepWhenDue = async () => {
    const at = now().getTime();
    if (at - lastCleanup < CLEANUP_INTERVAL_MS) {
      return;
    }
    lastCleanup = at;
    try {
      await deleteExpired();
    } catch (error) {
      options.log?.warn({ err: error }, 'could not delete expired identity provider records');
    }
  };

  return class DatabaseAdapter implements Adapter {
    static deleteExpired = deleteExpired;

    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    private live(...conditions: SQL[]) {
      return and(
        eq(oidcPayloads.type, this.model),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now())),
        ...conditions,
      );
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? new Date(now().getTime() + expiresIn * 1000) : null;
      const indexed = {
        payload,
        grantId: optionalString(payload.grantId),
        userCode: optionalString(payload.userCode),
        uid: optionalString(payload.uid),
        expiresAt,
        consumedAt: null,
      };
      await db
        .insert(oidcPayloads)
        .values({ id, type: this.model, ...indexed })
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: indexed });
      await sweepWhenDue();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // The provider reads its own request bodies (/oidc/token), so the input guard never sees
      // them: a code or token the database could not even hold finds nothing (400, not 500).
      if (isUnsafeText(id)) {
        return undefined;
      }
      const [row] = await db.select().from(oidcPayloads).where(this.live(eq(oidcPayloads.id, id))).limit(1);
      return toPayload(row);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (isUnsafeText(uid)) {
        return undefined;
      }
      const [row] = await db.select().from(oidcPayloads).where(this.live(eq(oidcPayloads.uid, uid))).limit(1);
      return toPayload(row);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (isUnsafeText(userCode)) {
        return undefined;
      }
      const [row] = await db.select().from(oidcPayloads).where(this.live(eq(oidcPayloads.userCode, userCode))).limit(1);
      return toPayload(row);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.model)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.model)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.grantId, grantId), eq(oidcPayloads.type, this.model)));
    }
  };
}
