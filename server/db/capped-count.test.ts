/** countUpTo (capped-count.ts): a list's matches counted as far as the page asked for, and a little past it. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/harness';
import { countUpTo } from './capped-count';
import { auditLog } from './schema/index';

describe('countUpTo', () => {
  let context: TestContext;
  const matching = () => context.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'count.touch')).$dynamic();

  beforeAll(async () => {
    context = await buildTestApp();
    await context.database.db.execute(sql`INSERT INTO audit_log (action, entity, entity_id) SELECT 'count.touch', 'thing', n::text FROM generate_series(1, 30) n`);
  });
  afterAll(() => context.close());

  it('counts every match when the list ends within the limit past the rows skipped', async () => {
    expect(await countUpTo(context.database.db, matching(), { limit: 30 })).toEqual({ total: 30, isCapped: false });
    expect(await countUpTo(context.database.db, matching(), { limit: 10, skipped: 20 })).toEqual({ total: 30, isCapped: false });
    expect(await countUpTo(context.database.db, matching(), { limit: 5, skipped: 40 })).toEqual({ total: 30, isCapped: false });
  });

  it('stops at the limit past the rows skipped, and says there are more', async () => {
    expect(await countUpTo(context.database.db, matching(), { limit: 29 })).toEqual({ total: 29, isCapped: true });
    expect(await countUpTo(context.database.db, matching(), { limit: 5, skipped: 20 })).toEqual({ total: 25, isCapped: true });
  });
});
