import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { MAIL_QUEUE } from '../mail/mail-queue';
import { projectPath } from '../project-files';
import { buildTestApp, type TestContext } from '../test/harness';

const TOKEN = 'collector-token-0123456789abcdef';

/** The sample lines of a metric (not its HELP and TYPE), from the text format. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('/metrics', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => context.close());

  const scrape = async () => {
    const response = await context.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('is refused without the token, or with another one, and says what it needs', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: `Basic ${TOKEN}` }]) {
      const response = await context.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).toContain('METRICS_ALLOW_FROM');
      expect(response.body).not.toContain('portal_');
    }
  });

  it('counts requests by method, route pattern and status class: never the URL, its ids or its query', async () => {
    await context.app.inject({ method: 'GET', url: '/healthz' });
    await context.app.inject({ method: 'GET', url: '/api/v1/engagement-notice/987654' });
    await context.app.inject({ method: 'GET', url: '/no/such/page?email=someone%40example.com' });
    const text = await scrape();
    const requests = samples(text, 'portal_http_request_duration_seconds_count');
    expect(requests).toContainEqual(expect.stringMatching(/^portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_class="2xx"\} [1-9]/));
    expect(requests).toContainEqual(expect.stringMatching(/route="\/api\/v1\/engagement-notice\/:id",status_class="4xx"\} 1$/));
    expect(requests).toContainEqual(expect.stringMatching(/route="unmatched",status_class="4xx"\} [1-9]/));
    // Latency buckets for each, in seconds.
    expect(samples(text, 'portal_http_request_duration_seconds_bucket')).toContainEqual(expect.stringContaining('le="0.1"'));
    expect(text).not.toContain('987654');
    expect(text).not.toContain('example.com');
    expect(text).not.toContain('no/such');
  });

  it('shows each queue waiting and running, the oldest wait, and the jobs finished; the mail queue’s are the mail sent', async () => {
    await context.app.mail.enqueue(context.database.db, { to: 'reader@example.com', subject: 'A test', text: 'Hello' });
    const before = await scrape();
    expect(samples(before, 'portal_job_queue_waiting')).toContain(`portal_job_queue_waiting{queue="${MAIL_QUEUE}"} 1`);
    expect(samples(before, 'portal_job_queue_running')).toContain(`portal_job_queue_running{queue="${MAIL_QUEUE}"} 0`);
    expect(samples(before, 'portal_job_queue_oldest_waiting_seconds')).toContainEqual(expect.stringMatching(new RegExp(`^portal_job_queue_oldest_waiting_seconds\\{queue="${MAIL_QUEUE}"\\} \\d`)));

    await context.deliverMail();
    const after = await scrape();
    expect(samples(after, 'portal_job_queue_waiting')).toContain(`portal_job_queue_waiting{queue="${MAIL_QUEUE}"} 0`);
    expect(samples(after, 'portal_jobs_finished_total')).toContain(`portal_jobs_finished_total{queue="${MAIL_QUEUE}",outcome="completed"} 1`);
    expect(after).not.toContain('reader@example.com');
  });

  // The unit run has PGlite (one connection in the process, no pool); `npm run test:db` PostgreSQL.
  it('shows the PostgreSQL pool: connections in use, idle, the most it opens and queries waiting; nothing for PGlite', async () => {
    const text = await scrape();
    if (context.database.driver === 'postgres') {
      // The test harness opens its pools with four connections.
      expect(samples(text, 'portal_database_connections_max')).toEqual(['portal_database_connections_max{pool="primary"} 4']);
      expect(samples(text, 'portal_database_queries_waiting')).toEqual(['portal_database_queries_waiting{pool="primary"} 0']);
      expect(samples(text, 'portal_database_connections_in_use')).toHaveLength(1);
      expect(samples(text, 'portal_database_connections_idle')).toHaveLength(1);
    } else {
      expect(samples(text, 'portal_database_connections_max')).toEqual([]);
    }
  });

  it('times each database statement by pool, operation and outcome: never its text or its parameters', async () => {
    await context.database.db.execute(sql`select ${'a-parameter-value'}::text as said`);
    await expect(context.database.db.execute(sql`select * from a_table_that_is_not_there`)).rejects.toThrow();
    const text = await scrape();
    const statements = samples(text, 'portal_database_statement_duration_seconds_count');
    expect(statements).toContainEqual(expect.stringMatching(/^portal_database_statement_duration_seconds_count\{pool="primary",operation="select",outcome="ok"\} [1-9]/));
    expect(statements).toContainEqual(expect.stringMatching(/^portal_database_statement_duration_seconds_count\{pool="primary",operation="select",outcome="failed"\} [1-9]/));
    // The mail queued above went in through an insert.
    expect(statements).toContainEqual(expect.stringMatching(/operation="insert",outcome="ok"\} [1-9]/));
    expect(samples(text, 'portal_database_statement_duration_seconds_bucket')).toContainEqual(expect.stringContaining('le="0.05"'));
    expect(text).not.toContain('a_table_that_is_not_there');
    expect(text).not.toContain('a-parameter-value');
  });

  it('has every metric the operations guide names', async () => {
    const guide = await readFile(projectPath('docs/OPERATIONS.md'), 'utf8');
    const named = [...new Set(guide.match(/portal_[a-z0-9_]+[a-z0-9]/g) ?? [])];
    expect(named.length).toBeGreaterThan(8);
    const text = await scrape();
    // A histogram's or a counter's samples carry suffixes its HELP line does not.
    const exposed = new Set([...text.matchAll(/^# HELP (\S+)/gm)].map((match) => match[1]));
    expect(named.filter((name) => !exposed.has(name) && !exposed.has(name.replace(/_(count|sum|bucket)$/, '')))).toEqual([]);
  });

  it('shows the process: memory and event-loop delay', async () => {
    const text = await scrape();
    expect(samples(text, 'portal_process_resident_memory_bytes')).toHaveLength(1);
    expect(samples(text, 'portal_nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });
});

describe('/metrics without a token', () => {
  it('is not served at all unless METRICS_TOKEN or METRICS_ALLOW_FROM is set', async () => {
    const context = await buildTestApp();
    try {
      const response = await context.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('records no request or statement time then: nothing could read it', async () => {
    const context = await buildTestApp();
    try {
      await context.app.inject({ method: 'GET', url: '/healthz' });
      await context.database.db.execute(sql`select 1`);
      const text = await context.app.metrics.expose();
      expect(samples(text, 'portal_http_request_duration_seconds_count')).toEqual([]);
      expect(samples(text, 'portal_database_statement_duration_seconds_count')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is served to an allowed address without the token, and to no other', async () => {
    const context = await buildTestApp({ METRICS_ALLOW_FROM: '10.0.0.0/8, 192.0.2.7', TRUST_PROXY: 'true' });
    try {
      const from = async (address: string) =>
        (await context.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': address } })).statusCode;
      expect(await from('10.1.2.3')).toBe(200);
      expect(await from('192.0.2.7')).toBe(200);
      expect(await from('192.0.2.8')).toBe(401);
      expect(await from('203.0.113.1')).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('refuses a short token and an address that is not one at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_ALLOW_FROM: '10.0.0.0/40' })).toThrow(/METRICS_ALLOW_FROM/);
    expect(() => loadConfig({ METRICS_ALLOW_FROM: 'collector.internal' })).toThrow(/METRICS_ALLOW_FROM/);
    expect(loadConfig({ METRICS_ALLOW_FROM: '::1, 10.0.0.0/8' }).metrics.allowFrom).toHaveLength(2);
  });
});
