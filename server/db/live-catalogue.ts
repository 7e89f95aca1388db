/**
 * What the public sees of the catalogue: the live channels, catalogues and services. An item is
 * live when neither it nor anything holding it is retired (`retired_at`). The rule itself is the
 * views of migration 0016_catalogue_live_views, which supplier_search's triggers read too; every
 * public query narrows through these conditions, and only the team's own screens and the history
 * of records (applications, notices, reports) read the tables whole.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The channel with this id is live. */
export function isLiveChannel(channelId: AnyColumn | SQL): SQL {
  return sql`${channelId} IN (SELECT id FROM live_channels)`;
}

/** The catalogue with this id is live: it and its channel are not retired. */
export function isLiveCatalogue(catalogueId: AnyColumn | SQL): SQL {
  return sql`${catalogueId} IN (SELECT id FROM live_catalogues)`;
}

/** The service with this id is live: it, its catalogue and its channel are not retired. */
export function isLiveService(serviceId: AnyColumn | SQL): SQL {
  return sql`${serviceId} IN (SELECT id FROM live_services)`;
}
