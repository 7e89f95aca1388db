/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so that two server
 * processes behind one address count a client's requests together: with the plugin's in-memory
 * store each process would allow the limit again. A fixed window per key, as the plugin's own
 * stores count: the first hit opens a window of `timeWindow` ms, later hits add to it until it
 * ends. One statement per hit, atomic whichever process runs it.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/index';

interface RateLimitResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitResult) => void;

/** How often, on average, a hit also clears the counters whose windows have ended (1 in N hits). */
const CLEAR_EVERY_HITS = 50;

/** The key stored: the route and the client's address, hashed, so no address is kept. */
function storedKey(prefix: string, key: string): string {
  return createHash('sha256').update(`${prefix}${key}`).digest('hex');
}

/** Counts one hit of `key` and answers the hits in its window and the milliseconds left of it. */
export async function countHit(db: Database, key: string, timeWindowMs: number): Promise<RateLimitResult> {
  const windowEndsAt = sql`now() + ${timeWindowMs} * interval '1 millisecond'`;
  const ended = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEndsAt} else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000))::integer`,
    });
  if (Math.random() * CLEAR_EVERY_HITS < 1) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
  }
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindowMs };
}

/** The hits of `key` in its current window, without counting one. */
export async function readHits(db: Database, key: string): Promise<RateLimitResult> {
  const [row] = await db
    .select({
      hits: rateLimitCounters.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000))::integer`,
    })
    .from(rateLimitCounters)
    .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowEndsAt} > now()`);
  return row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
}

/** The store class the plugin instantiates (`new Store(options)`), then asks for one child per route. */
export function sharedRateLimitStore(db: Database) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, storedKey(this.prefix, key), timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      readHits(db, storedKey(this.prefix, key)).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Each limited route counts on its own: the plugin passes the route as `routeInfo` beside the options its types declare. */
    child(routeOptions: object): SharedRateLimitStore {
      const route = 'routeInfo' in routeOptions ? (routeOptions.routeInfo as { method?: unknown; url?: unknown }) : {};
      return new SharedRateLimitStore(undefined, `${String(route.method)} ${String(route.url)}|`);
    }
  };
}
