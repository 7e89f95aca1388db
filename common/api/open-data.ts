/**
 * The open data's payloads (issue 32, /api/v1/open-data/…): OCDS 1.1.5 release and record packages.
 * The releases themselves are the standard's (validated against its schemas in the tests), so they
 * are described here as any JSON: a response schema naming their fields would drop the rest.
 */
import type { Static } from 'typebox';
import { WholeNumberSchema } from './http';
import { Type } from './schema-builders';

/** Releases in one page of the feed. */
export const OPEN_DATA_PAGE_SIZE = 100;
export const OPEN_DATA_MAX_PAGE_SIZE = 1000;

const PackageMetadata = {
  uri: Type.String(),
  version: Type.String(),
  extensions: Type.Array(Type.String()),
  publishedDate: Type.String(),
  publisher: Type.Object({ name: Type.String(), uri: Type.Optional(Type.String()) }),
  license: Type.String(),
  publicationPolicy: Type.String(),
};

export const ReleasePackageSchema = Type.Object({
  ...PackageMetadata,
  releases: Type.Array(Type.Unknown()),
  /** The next page of the feed (the pagination extension): present when this page had releases; follow it until a page is empty, then poll it. */
  links: Type.Optional(Type.Object({ next: Type.String() })),
});
export type ReleasePackage = Static<typeof ReleasePackageSchema>;

/** A release in a record, by reference (OCDS's linked release): its package's address with its id as the fragment, its date and tags. */
export const LinkedReleaseSchema = Type.Object({ url: Type.String(), date: Type.String(), tag: Type.Array(Type.String()) });
export type LinkedRelease = Static<typeof LinkedReleaseSchema>;

/** One contracting process: its releases, linked and oldest first, and its compiled release (every release merged, tagged `compiled`). */
export const RecordPackageSchema = Type.Object({
  ...PackageMetadata,
  records: Type.Array(Type.Object({ ocid: Type.String(), releases: Type.Array(LinkedReleaseSchema), compiledRelease: Type.Unknown() })),
});
export type RecordPackage = Static<typeof RecordPackageSchema>;

/** GET /api/v1/open-data/releases: `after` is the cursor of `links.next` (omitted, the feed starts at the first release). */
export const ReleaseFeedQuerySchema = Type.Object(
  {
    after: Type.Optional(WholeNumberSchema(Number.MAX_SAFE_INTEGER, 'Releases after this position in the feed (from `links.next`).')),
    limit: Type.Optional(WholeNumberSchema(OPEN_DATA_MAX_PAGE_SIZE, `Releases in the page, up to ${String(OPEN_DATA_MAX_PAGE_SIZE)}; ${String(OPEN_DATA_PAGE_SIZE)} when omitted.`)),
  },
  { additionalProperties: false },
);

export const ReleaseIdParamsSchema = Type.Object({ releaseId: Type.String({ minLength: 1, maxLength: 200 }) });
export const OcidParamsSchema = Type.Object({ ocid: Type.String({ minLength: 1, maxLength: 200 }) });

export const BulkFileSchema = Type.Object({
  /** YYYY-MM-DD, New Zealand time. */
  day: Type.String(),
  url: Type.String(),
  fileName: Type.String(),
  releaseCount: Type.Integer(),
  bytes: Type.Integer(),
  createdAt: Type.String(),
});

/** GET /api/v1/open-data/bulk: the kept daily files, the newest first. */
export const BulkFilesResponseSchema = Type.Object({ files: Type.Array(BulkFileSchema) });
export type BulkFilesResponse = Static<typeof BulkFilesResponseSchema>;

export const BulkDayParamsSchema = Type.Object({ day: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }) });
