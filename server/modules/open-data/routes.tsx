/**
 * The open data's routes (issue 32), public and read-only: the feed of release packages in the
 * order they were published, a release and a record (with its compiled release) at stable
 * addresses, with Last-Modified and caching headers, limited per client address (429 with
 * Retry-After). The publisher runs on the job queue's schedule.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../../common/api/http';
import { OPEN_DATA_POLICY_PATH } from '../../../common/site-paths';
import {
  BulkDayParamsSchema,
  BulkFilesResponseSchema,
  OcidParamsSchema,
  OPEN_DATA_PAGE_SIZE,
  RecordPackageSchema,
  ReleaseFeedQuerySchema,
  ReleaseIdParamsSchema,
  ReleasePackageSchema,
} from '../../../common/api/open-data';
import type { App } from '../../app-type';
import { AppError, ErrorCode } from '../../errors';
import { perAddressRateLimit } from '../../http/per-address-rate-limit';
import { sendFileDownload } from '../../http/send-file';
import type { JobKind } from '../../jobs/job-queue';
import { bulkDayOf, bulkFileName, hasBulkFileOf, listBulkFiles, openBulkFile, writeBulkFile } from './bulk';
import { PUBLICATION_POLICY_TITLE, PublicationPolicyPage } from './policy-page';
import { publishOpenData } from './publisher';
import type { Publication } from './releases';
import { OPEN_DATA_ROUTE, recordPackage, releaseFeedPage, releasePackage, type PackageSettings } from './service';

export const OPEN_DATA_PUBLISH_QUEUE = 'publish-open-data';
export const OPEN_DATA_BULK_QUEUE = 'open-data-bulk-file';
const TOO_MANY_REQUESTS_MESSAGE = 'Too many open data requests from your address. Wait a minute, then try again.';

/** A feed page may grow until it is full; a release never changes. */
const FEED_CACHE = 'public, max-age=60';
const RELEASE_CACHE = 'public, max-age=86400, immutable';
const RECORD_CACHE = 'public, max-age=300';

/** Sends text that is already JSON (a feed page, its releases as stored) as it is: Fastify serialises only what is not a string. */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function publicationOf(app: App): Publication {
  return { ocidPrefix: app.config.openData.ocidPrefix, teamName: `The ${app.config.productName} team` };
}

function publishJobKind(app: App, schedule: string): JobKind {
  const publication = publicationOf(app);
  return {
    name: OPEN_DATA_PUBLISH_QUEUE,
    label: 'Open data publication',
    // A failed run is the next period's work: what it did not publish is still unpublished.
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    schedule,
    async run() {
      const added = await publishOpenData(app.database.db, publication);
      if (added > 0) {
        app.log.info({ releases: added }, 'open data published');
      }
    },
  };
}

/** The bulk job's data: `ifMissing`, sent at each start, writes the day's file only when there is none yet. */
export interface BulkJobData {
  ifMissing?: boolean;
}

function bulkJobKind(app: App, settings: PackageSettings, schedule: string): JobKind<BulkJobData> {
  const publication = publicationOf(app);
  return {
    name: OPEN_DATA_BULK_QUEUE,
    label: 'Open data bulk file',
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    schedule,
    async run({ data }) {
      if (data.ifMissing === true && (await hasBulkFileOf(app.database.db, bulkDayOf(new Date())))) {
        return;
      }
      // Published first, so the day's file holds everything publishable when it is written; once
      // a day over every fact, in case a change was ever not noted (rows loaded with triggers off).
      await publishOpenData(app.database.db, publication, { everything: true });
      const file = await writeBulkFile(app.database.db, app.storage, settings);
      app.log.info({ day: file.day, releases: file.releaseCount, bytes: file.bytes }, 'open data bulk file written');
    },
  };
}

export async function registerOpenDataRoutes(app: App): Promise<void> {
  const settings: PackageSettings = {
    publicUrl: app.config.publicUrl,
    productName: app.config.productName,
    publicationPolicyUrl: `${app.config.publicUrl}${OPEN_DATA_POLICY_PATH}`,
  };
  app.jobs.define(publishJobKind(app, app.config.jobs.openDataPublishSchedule));
  app.jobs.define(bulkJobKind(app, settings, app.config.jobs.openDataBulkSchedule));
  const bulkUrl = (day: string) => `${settings.publicUrl}/api/v1${OPEN_DATA_ROUTE}/bulk/${day}`;
  const config = perAddressRateLimit(app.config.openData.rateLimit, TOO_MANY_REQUESTS_MESSAGE);
  const tags = ['open-data'];

  app.get(
    `${OPEN_DATA_ROUTE}/releases`,
    {
      config,
      schema: {
        tags,
        summary: 'The feed: OCDS release packages in the order the releases were published; follow links.next until a page is empty, then poll it',
        querystring: ReleaseFeedQuerySchema,
        response: { 200: ReleasePackageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const page = await releaseFeedPage(await app.readDatabase(request), settings, request.query.after ?? 0, request.query.limit ?? OPEN_DATA_PAGE_SIZE);
      if (page.lastModified) {
        void reply.header('Last-Modified', page.lastModified.toUTCString());
      }
      return sendJsonText(reply.header('Cache-Control', FEED_CACHE), page.json);
    },
  );

  app.get(
    `${OPEN_DATA_ROUTE}/releases/:releaseId`,
    {
      config,
      schema: { tags, summary: 'One OCDS release, in a release package; it never changes', params: ReleaseIdParamsSchema, response: { 200: ReleasePackageSchema, ...errorResponses(400, 404, 429) } },
    },
    async (request, reply) => {
      const found = await releasePackage(await app.readDatabase(request), settings, request.params.releaseId);
      if (!found?.lastModified) {
        throw new AppError(ErrorCode.NotFound, 'No release with that id was published.');
      }
      return reply.header('Last-Modified', found.lastModified.toUTCString()).header('Cache-Control', RELEASE_CACHE).send(found.body);
    },
  );

  app.get(
    `${OPEN_DATA_ROUTE}/bulk`,
    { config, schema: { tags, summary: 'The daily bulk files: every release up to that day, one gzipped release package each; the last 7 days', response: { 200: BulkFilesResponseSchema, ...errorResponses(429) } } },
    async (request, reply) => {
      const files = await listBulkFiles(await app.readDatabase(request));
      return reply.header('Cache-Control', RECORD_CACHE).send({
        files: files.map((file) => ({ ...file, url: bulkUrl(file.day), fileName: bulkFileName(file.day), createdAt: file.createdAt.toISOString() })),
      });
    },
  );

  app.get(
    `${OPEN_DATA_ROUTE}/bulk/:day`,
    {
      config,
      schema: {
        tags,
        summary: 'One day’s bulk file (application/gzip): a release package of every release published up to that day',
        params: BulkDayParamsSchema,
        // The bytes are streamed as stored, not serialised.
        response: { 200: Type.Unknown({ description: 'The gzipped release package (application/gzip)' }), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const file = await openBulkFile(await app.readDatabase(request), app.storage, request.params.day);
      if (!file) {
        throw new AppError(ErrorCode.NotFound, 'There is no bulk file of that day. The list of bulk files says which days have one.');
      }
      return sendFileDownload(reply, { fileName: bulkFileName(request.params.day), contentType: 'application/gzip', file }, RELEASE_CACHE);
    },
  );

  app.get(
    `${OPEN_DATA_ROUTE}/records/:ocid`,
    {
      config,
      schema: {
        tags,
        summary: 'One contracting process as an OCDS record package: its releases, linked (address, date, tags), and its compiled release',
        params: OcidParamsSchema,
        response: { 200: RecordPackageSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const found = await recordPackage(await app.readDatabase(request), settings, request.params.ocid);
      if (!found) {
        throw new AppError(ErrorCode.NotFound, 'No contracting process with that ocid was published.');
      }
      if (found.lastModified) {
        void reply.header('Last-Modified', found.lastModified.toUTCString());
      }
      return sendJsonText(reply.header('Cache-Control', RECORD_CACHE), found.json);
    },
  );
}

/** The publication policy page, among the pages about using the site. */
export async function registerOpenDataPages(app: App): Promise<void> {
  const { productName, teamContact } = app.config;
  app.get(OPEN_DATA_POLICY_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.sendPage({
      title: PUBLICATION_POLICY_TITLE,
      description: `What the ${productName} publishes as open contracting data, what it does not, when, and how to get it.`,
      children: <PublicationPolicyPage productName={productName} teamContact={teamContact} ocidPrefix={app.config.openData.ocidPrefix} />,
    }),
  );
}
