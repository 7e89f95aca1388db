/**
 * The public insights page and its CSV downloads (issue 32). The figures are read at most once a
 * minute per process (FIGURES_TTL_MS): they change only when an agency confirms a record, and the
 * page is public, so a burst of visitors costs the database one set of statements.
 */
import type { FastifyRequest } from 'fastify';
import { INSIGHTS_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import { INSIGHTS_CSV_NAMES, insightsCsv } from './csv-files';
import { InsightsPage } from './insights-page';
import { getInsightsFigures, type InsightsFigures } from './service';

export const FIGURES_TTL_MS = 60_000;

export async function registerInsightsPages(app: App): Promise<void> {
  const { productName } = app.config;
  let cached: { at: number; figures: Promise<InsightsFigures> } | null = null;

  /** The figures, shared by every request within FIGURES_TTL_MS of the read; a failed read is not kept. */
  const readFigures = (request: FastifyRequest): Promise<InsightsFigures> => {
    const now = Date.now();
    if (cached && now - cached.at < FIGURES_TTL_MS) {
      return cached.figures;
    }
    const figures = app.readDatabase(request).then((db) => getInsightsFigures(db, new Date(now)));
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
    const figures = await readFigures(request);
    return reply.sendPage({
      title: 'Insights',
      description: `What agencies buy through the ${productName}: spend by sales channel, catalogue and month, the share going to small and Māori businesses, suppliers per catalogue and how long applications wait.`,
      children: <InsightsPage figures={figures} productName={productName} />,
    });
  });

  for (const name of INSIGHTS_CSV_NAMES) {
    app.get(`${INSIGHTS_PATH}/${name}.csv`, { schema: { hide: true, response: { 200: CsvResponseSchema } } }, async (request, reply) => {
      const file = insightsCsv(name, await readFigures(request));
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
