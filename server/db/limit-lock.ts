/**
 * The lock that makes a "count, then insert" limit hold under concurrency (issue 29, item 3). Two
 * transactions counting at once both saw the limit not yet reached and both inserted: 10 of 10
 * reset mails went where 1 a minute was the rule. Taken first in the transaction, this lock queues
 * the transactions of one key (an account, a thread, a supplier) one behind the other until each
 * ends, and each one's count then sees the rows the one before it committed. Other keys never wait.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Holds the limit of `scope` for `key` until the transaction `tx` ends. */
export async function lockLimit(tx: Database, scope: string, key: string | number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`limit:${scope}:${String(key)}`}, 0))`);
}
