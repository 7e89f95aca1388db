/**
 * The public insights page and its CSV downloads (issue 32), and the insights job that adds their
 * figures up (issue 33): every INSIGHTS_REFRESH_SCHEDULE period, and at each start. The page reads
 * the stored figures, from the standby with a read replica (they tolerate the lag; they are minutes
 * old anyway); before the job has ever run, the first visitor's request adds them up once. Each
 * process keeps what it read for a minute (FIGURES_TTL_MS), so a burst of visitors costs one read.
 */
import type { FastifyRequest } from 'fastify';
import { INSIGHTS_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import type { JobKind } from '../../jobs/job-queue';
import { INSIGHTS_CSV_NAMES, insightsCsv } from './csv-files';
import { InsightsPage } from './insights-page';
import { readStoredInsightsFigures, refreshInsightsFigures, type StoredInsightsFigures } from './service';

export const FIGURES_TTL_MS = 60_000;
export const INSIGHTS_REFRESH_QUEUE = 'refresh-insights';

function refreshJobKind(app: App): JobKind {
  return {
    name: INSIGHTS_REFRESH_QUEUE,
    label: 'Insights figures',
    // A failed run leaves the figures before it on the page; the next period tries again.
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    schedule: app.config.jobs.insightsRefreshSchedule,
    async run() {
      await refreshInsightsFigures(app.database.db);
    },
  };
}

export async function registerInsightsPages(app: App): Promise<void> {
  const { productName } = app.config;
  app.jobs.define(refreshJobKind(app));
  let cached: { at: number; figures: Promise<StoredInsightsFigures> } | null = null;

  /** The stored figures, shared by every request within FIGURES_TTL_MS of the read; a failed read is not kept. */
  const readFigures = (request: FastifyRequest): Promise<StoredInsightsFigures> => {
    const now = Date.now();
    if (cached && now - cached.at < FIGURES_TTL_MS) {
      return cached.figures;
    }
    const figures = app
      .readDatabase(request)
      .then(readStoredInsightsFigures)
      .then((stored) => stored ?? refreshInsightsFigures(app.database.db, new Date(now)));
    const entry = { at: now, figures };
    cached = entry;
    figures.catch(() => {
      if (cached === entry) {
        cached = null;
      }
    });
    return figures;
  };

  app.get(INSIGHTS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { figures, computedAt } = await readFigures(request);
    return reply.sendPage({
      title: 'Insights',
      description: `What agencies buy through the ${productName}: spend by sales channel, catalogue and month, the share going to small and Māori businesses, suppliers per catalogue and how long applications wait.`,
      children: <InsightsPage figures={figures} computedAt={computedAt} productName={productName} />,
    });
  });

  for (const name of INSIGHTS_CSV_NAMES) {
    app.get(`${INSIGHTS_PATH}/${name}.csv`, { schema: { hide: true, response: { 200: CsvResponseSchema } } }, async (request, reply) => {
      const file = insightsCsv(name, (await readFigures(request)).figures);
      return sendCsv(reply, {
        fileName: `${name}.csv`,
        columns: file.columns,
        records: (async function* records() {
          yield* file.rows;
        })(),
        failureMessage: `insights ${name} export failed`,
      });
    });
  }
}
