/** POST /api/v1/directory/search and GET /api/v1/directory/export.csv: the public directory. */
import {
  DirectoryExportQuerySchema,
  DirectorySearchRequestSchema,
  DirectorySearchResponseSchema,
  type DirectoryExportQuery,
} from '../../../common/api/directory';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import {
  DIRECTORY_CSV_COLUMNS,
  directorySearchCache,
  exportDirectoryRecords,
  exportFileName,
  resolveExportFilters,
  type DirectoryFilters,
} from './service';

/** The directory's two API routes, under the API prefix; the directory page points its app at them. */
export const DIRECTORY_SEARCH_ROUTE = '/directory/search';
export const DIRECTORY_EXPORT_ROUTE = '/directory/export.csv';

export async function registerDirectoryModule(app: App): Promise<void> {
  // Searches are answered from an in-process cache (one per database read: the standby's and the
  // primary's) checked against the directory data version at most once a second, so a change made
  // elsewhere shows within about a second (service.ts).

  app.post(
    DIRECTORY_SEARCH_ROUTE,
    {
      config: { readsOnly: true },
      schema: {
        tags: ['directory'],
        summary: 'Searches the approved-suppliers directory (public)',
        description:
          'Listed suppliers (approved, with a published listing) matching the filters and keyword, ranked by relevance ' +
          '(alphabetical without a keyword), one page at a time with the total, plus service suggestions for the keyword. ' +
          'Ids that match nothing give an empty page. Answers are cached per instance and may lag a change by about a second.',
        body: DirectorySearchRequestSchema,
        response: { 200: DirectorySearchResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => directorySearchCache(await app.readDatabase(request)).search(request.body),
  );

  app.get(
    DIRECTORY_EXPORT_ROUTE,
    {
      schema: {
        tags: ['directory'],
        summary: 'Downloads the directory search as a CSV file (public)',
        description:
          'Columns Name, Channel, Catalogue, Service, in the order of the search, streamed. The file is named after the ' +
          'filters (spec §9); an unknown id answers 400.',
        querystring: DirectoryExportQuerySchema,
        response: {
          200: CsvResponseSchema,
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const db = await app.readDatabase(request);
      const resolved = await resolveExportFilters(db, exportFilters(request.query));
      return sendCsv(reply, {
        fileName: exportFileName(resolved),
        columns: DIRECTORY_CSV_COLUMNS,
        records: exportDirectoryRecords(db, resolved, request.query.keyword),
        failureMessage: 'directory export failed',
      });
    },
  );
}

function exportFilters(query: DirectoryExportQuery): DirectoryFilters {
  return { channel: query.channel ?? null, catalogue: query.catalogue ?? null, service: query.service ?? null };
}
