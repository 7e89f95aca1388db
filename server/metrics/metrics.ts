/**
 * What the people who run the portal watch (issue 34), in the Prometheus text format (prom-client):
 * each request by its route's pattern (never its URL, which can carry ids and personal data), its
 * method and its status class; the job queue's waiting and running jobs, the oldest one's wait, and
 * the jobs finished and failed per queue (the mail queue's are the mail sent and failed); sign-ins
 * refused, and why; the PostgreSQL pools' connections in use and queries waiting, and each
 * statement's time by pool and kind; and the process's own figures (memory, CPU, event-loop delay).
 */
import client from 'prom-client';
import type { PoolFigures } from '../db/client';
import type { StatementFigure } from '../db/statement-watch';

/** The figures of the job queue at the moment of a scrape, per queue. */
export interface JobQueueFigures {
  queue: string;
  waiting: number;
  running: number;
  /** Seconds the oldest waiting job has waited; 0 when none waits. */
  oldestWaitingSeconds: number;
}

export type SignInRefusal = 'failed' | 'throttled' | 'rate-limited';

export interface PortalMetrics {
  /** A request answered: its route's pattern (`unmatched` when no route took it). */
  observeRequest(request: { method: string; route: string | undefined; statusCode: number; seconds: number }): void;
  /** A database statement answered (or failed). */
  observeStatement(figure: StatementFigure): void;
  /** A job finished: `completed`, or `failed` (to be retried, or for good). */
  countJob(queue: string, outcome: 'completed' | 'failed'): void;
  /**
   * A sign-in's password step refused: `failed` (a wrong email or password), `throttled` (the account
   * waits after failed attempts), `rate-limited` (too many attempts from one address).
   */
  countSignIn(outcome: SignInRefusal): void;
  /** Where the job queue's figures are read at each scrape. */
  watchJobQueue(read: () => Promise<JobQueueFigures[]>): void;
  /** Where the database pools' figures are read at each scrape. */
  watchDatabasePools(read: () => PoolFigures[]): void;
  readonly contentType: string;
  /** Everything, in the text format. */
  expose(): Promise<string>;
}

/**
 * The process's own figures: one set per process, however many apps it builds (the tests build
 * many), so they are collected once, into a registry of their own.
 */
let processRegistry: client.Registry | undefined;

function processMetrics(): client.Registry {
  if (processRegistry === undefined) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, prefix: 'portal_' });
  }
  return processRegistry;
}

/** From 5 ms to 10 s: the lists' budget is 100 ms, a CSV export can take seconds. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From 1 ms to 5 s: most statements take a few milliseconds; a list's should stay under 50 ms. */
const STATEMENT_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics(): PortalMetrics {
  const registry = new client.Registry();
  const requestSeconds = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status class, and how long each took.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [registry],
  });
  const statementSeconds = new client.Histogram({
    name: 'portal_database_statement_duration_seconds',
    help: 'Database statements sent, by pool (primary, replica), operation (select, insert, update, delete, transaction, other) and outcome (ok, failed), and how long each took, waiting for a connection included.',
    labelNames: ['pool', 'operation', 'outcome'] as const,
    buckets: STATEMENT_SECONDS_BUCKETS,
    registers: [registry],
  });
  const jobsFinished = new client.Counter({
    name: 'portal_jobs_finished_total',
    help: 'Background jobs this process finished, by queue and outcome (completed or failed); the send-mail queue counts mail sent and failed.',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const signInsRefused = new client.Counter({
    name: 'portal_sign_ins_refused_total',
    help: 'Sign-in attempts refused at the password step: failed (wrong email or password), throttled (the account waits after failures), rate-limited (too many from one address).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let readJobQueue: (() => Promise<JobQueueFigures[]>) | undefined;
  let readPools: (() => PoolFigures[]) | undefined;
  const poolGauge = (name: string, help: string) => new client.Gauge({ name, help, labelNames: ['pool'] as const, registers: [registry] });
  const poolGauges: [client.Gauge<'pool'>, (figure: PoolFigures) => number][] = [
    [poolGauge('portal_database_connections_in_use', 'PostgreSQL connections running a query or a transaction, by pool (primary, replica).'), (figure) => figure.open - figure.idle],
    [poolGauge('portal_database_connections_idle', 'PostgreSQL connections open and idle, by pool.'), (figure) => figure.idle],
    [poolGauge('portal_database_connections_max', 'The most connections a pool opens (DATABASE_POOL_SIZE).'), (figure) => figure.max],
    [poolGauge('portal_database_queries_waiting', 'Queries waiting for a free connection, by pool: the pool is too small or the database too slow.'), (figure) => figure.waiting],
  ];
  const queueGauge = (name: string, help: string) => new client.Gauge({ name, help, labelNames: ['queue'] as const, registers: [registry] });
  const queueGauges: [client.Gauge<'queue'>, (figure: JobQueueFigures) => number][] = [
    [queueGauge('portal_job_queue_waiting', 'Jobs waiting to run (new, or waiting for a retry), by queue.'), (figure) => figure.waiting],
    [queueGauge('portal_job_queue_running', 'Jobs running now in any process, by queue.'), (figure) => figure.running],
    [queueGauge('portal_job_queue_oldest_waiting_seconds', 'How long the oldest job due to run has waited, by queue.'), (figure) => figure.oldestWaitingSeconds],
  ];

  return {
    observeRequest({ method, route, statusCode, seconds }) {
      requestSeconds.observe({ method, route: route ?? 'unmatched', status_class: `${String(Math.floor(statusCode / 100))}xx` }, seconds);
    },
    observeStatement({ pool, operation, seconds, failed }) {
      statementSeconds.observe({ pool, operation, outcome: failed ? 'failed' : 'ok' }, seconds);
    },
    countJob(queue, outcome) {
      jobsFinished.inc({ queue, outcome });
    },
    countSignIn(outcome) {
      signInsRefused.inc({ outcome });
    },
    watchJobQueue(read) {
      readJobQueue = read;
    },
    watchDatabasePools(read) {
      readPools = read;
    },
    contentType: registry.contentType,
    async expose() {
      // The queue is read once a scrape, for its three gauges.
      const figures = (await readJobQueue?.()) ?? [];
      for (const [gauge, value] of queueGauges) {
        gauge.reset();
        for (const figure of figures) {
          gauge.set({ queue: figure.queue }, value(figure));
        }
      }
      const pools = readPools?.() ?? [];
      for (const [gauge, value] of poolGauges) {
        gauge.reset();
        for (const figure of pools) {
          gauge.set({ pool: figure.pool }, value(figure));
        }
      }
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${own}\n${process}`;
    },
  };
}
