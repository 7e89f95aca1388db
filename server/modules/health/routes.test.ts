import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw-rows';
import { buildTestApp, type TestContext } from '../../test/harness';

const READY_CHECKS = { database: 'ok', migrations: 'ok', jobQueue: 'ok', draining: false };

describe('liveness and readiness', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const readiness = async () => {
    const response = await context.app.inject({ method: 'GET', url: '/readyz' });
    return { statusCode: response.statusCode, body: response.json<{ status: string; checks: Record<string, unknown> }>() };
  };

  it('is ready when the database answers, has every migration and the job queue is open', async () => {
    expect(await readiness()).toEqual({ statusCode: 200, body: { status: 'ready', checks: READY_CHECKS } });
  });

  it('is not ready while the database lacks the newest migration of this build, and ready again once it has it', async () => {
    const [newest] = await selectRows<{ id: number; hash: string; created_at: string }>(
      context.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    expect(newest).toBeDefined();
    await context.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest?.id}`);
    try {
      expect(await readiness()).toEqual({ statusCode: 503, body: { status: 'not ready', checks: { ...READY_CHECKS, migrations: 'behind' } } });
    } finally {
      await context.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest?.id}, ${newest?.hash}, ${newest?.created_at})`,
      );
    }
    expect((await readiness()).statusCode).toBe(200);
  });

  // Last: neither can be undone.
  it('is not ready once the job queue has stopped, nor once the process drains, while /healthz stays live', async () => {
    await context.app.jobs.stop(0);
    expect(await readiness()).toEqual({ statusCode: 503, body: { status: 'not ready', checks: { ...READY_CHECKS, jobQueue: 'not open' } } });
    context.app.readiness.startDraining();
    expect(await readiness()).toEqual({ statusCode: 503, body: { status: 'not ready', checks: { ...READY_CHECKS, jobQueue: 'not open', draining: true } } });
    const health = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
