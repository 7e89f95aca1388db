/**
 * Factories for directory tests: a small catalogue and suppliers with listings, inserted through
 * drizzle so the directory triggers index them exactly as they would in production. Only tests
 * import this file.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app-type';
import type { Database } from '../../db/client';
import { catalogues, channels, services, supplierServices, suppliers, type SupplierStatus } from '../../db/schema/index';
import type { DirectorySearchRequest, DirectorySearchResponse } from '../../../common/api/directory';

let sequence = 0;
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${String(sequence)}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface ServiceSpec {
  title: string;
  description?: string;
}

export interface CatalogueSpec {
  title: string;
  position?: number;
  services: ServiceSpec[];
}

export interface ChannelSpec {
  title: string;
  position?: number;
  catalogues: CatalogueSpec[];
}

export interface CreatedCatalogue {
  id: number;
  title: string;
  channelId: number;
  services: { id: number; title: string }[];
}

export interface CreatedChannel {
  id: number;
  title: string;
  catalogues: CreatedCatalogue[];
}

/** Inserts a channel with its catalogues and services (slugs made unique). */
export async function createChannel(db: Database, spec: ChannelSpec): Promise<CreatedChannel> {
  const [channel] = await db
    .insert(channels)
    // After the demo channels unless told otherwise, so tests that read the whole tree stay stable.
    .values({ slug: unique('channel'), title: spec.title, position: spec.position ?? 1000 })
    .returning({ id: channels.id });
  if (!channel) {
    throw new Error('channel insert returned nothing');
  }
  const created: CreatedCatalogue[] = [];
  for (const [index, catalogueSpec] of spec.catalogues.entries()) {
    const [catalogue] = await db
      .insert(catalogues)
      .values({ channelId: channel.id, slug: unique('catalogue'), title: catalogueSpec.title, position: catalogueSpec.position ?? index })
      .returning({ id: catalogues.id });
    if (!catalogue) {
      throw new Error('catalogue insert returned nothing');
    }
    const serviceRows =
      catalogueSpec.services.length === 0
        ? []
        : await db
            .insert(services)
            .values(
              catalogueSpec.services.map((service) => ({
                catalogueId: catalogue.id,
                slug: unique('service'),
                title: service.title,
                description: service.description ?? '',
              })),
            )
            .returning({ id: services.id, title: services.title });
    created.push({ id: catalogue.id, title: catalogueSpec.title, channelId: channel.id, services: serviceRows });
  }
  return { id: channel.id, title: spec.title, catalogues: created };
}

export interface SupplierSpec {
  tradingName: string;
  status?: SupplierStatus;
  summary?: string;
  /** Service ids listed and published. */
  published?: number[];
  /** Service ids listed but not yet published. */
  unpublished?: number[];
}

/** Inserts a supplier and its listings; returns its id. */
export async function createSupplier(db: Database, spec: SupplierSpec): Promise<number> {
  const [supplier] = await db
    .insert(suppliers)
    .values({
      tradingName: spec.tradingName,
      legalName: `${spec.tradingName} Limited`,
      status: spec.status ?? 'approved',
      summary: spec.summary ?? null,
    })
    .returning({ id: suppliers.id });
  if (!supplier) {
    throw new Error('supplier insert returned nothing');
  }
  const listings = [
    ...(spec.published ?? []).map((serviceId) => ({ supplierId: supplier.id, serviceId, publishedAt: new Date('2024-03-01T00:00:00Z') })),
    ...(spec.unpublished ?? []).map((serviceId) => ({ supplierId: supplier.id, serviceId, publishedAt: null })),
  ];
  if (listings.length > 0) {
    await db.insert(supplierServices).values(listings);
  }
  return supplier.id;
}

/** Finds a service of a created channel by title. */
export function serviceId(channel: CreatedChannel, title: string): number {
  for (const catalogue of channel.catalogues) {
    const service = catalogue.services.find((candidate) => candidate.title === title);
    if (service) {
      return service.id;
    }
  }
  throw new Error(`No service "${title}"`);
}

export function catalogueOf(channel: CreatedChannel, title: string): CreatedCatalogue {
  const catalogue = channel.catalogues.find((candidate) => candidate.title === title);
  if (!catalogue) {
    throw new Error(`No catalogue "${title}"`);
  }
  return catalogue;
}

/** POST /api/v1/directory/search with a JSON body. */
export function postSearch(app: App, body: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v1/directory/search', payload: body as object });
}

/** A search that must succeed; returns the parsed answer. */
export async function search(app: App, body: DirectorySearchRequest): Promise<DirectorySearchResponse> {
  const response = await postSearch(app, body);
  if (response.statusCode !== 200) {
    throw new Error(`search answered ${String(response.statusCode)}: ${response.body}`);
  }
  return response.json<DirectorySearchResponse>();
}

/** A small RFC 4180 reader for the export's answers (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text.charAt(index + 1) === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text.charAt(index + 1) === '\n') {
        index += 1;
      }
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
