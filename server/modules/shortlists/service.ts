/**
 * Buyers' shortlists (issue 31): named lists of approved suppliers, each with a note, that a person
 * of an agency makes. A shortlist is its agency's alone: its maker sees it, and every person of the
 * agency once it is shared; anyone who sees it adds and removes suppliers and writes notes; its maker
 * (or an agency admin) renames, shares or deletes it. Any other shortlist answers 404, whether it
 * exists or not. The CSV holds the directory's columns, a row per published service, with the
 * listing's price where there is one, and the note.
 */
import { and, asc, count, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type CreateShortlistRequest,
  type DirectorySupplierResponse,
  shortlistNameProblem,
  shortlistNoteProblem,
  type ShortlistDetail,
  type ShortlistSummary,
  type ShortlistsResponse,
  type UpdateShortlistRequest,
} from '../../../common/api/shortlists';
import { neutraliseCsvCell } from '../../../common/directory';
import type { AuditLog } from '../../audit';
import type { AgencyActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { isLiveService } from '../../db/live-catalogue';
import { agencyMemberships, catalogues, channels, services, shortlists, shortlistSuppliers, supplierSearch, supplierServices, suppliers, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { DIRECTORY_CSV_COLUMNS } from '../directory/service';
import { publicListingPricesOfSupplier } from '../listings/service';

type ShortlistRow = typeof shortlists.$inferSelect;

const NOT_FOUND = 'No shortlist with that id is yours or shared with you.';
const NOT_LISTED = 'No approved supplier with that id is in the directory.';
const makers = alias(users, 'maker');
const adders = alias(users, 'adder');

/** The shortlists the actor sees: their agency's, their own or shared. */
function visibleTo(actor: AgencyActor): SQL | undefined {
  return and(eq(shortlists.agencyId, actor.agencyId), or(eq(shortlists.isShared, true), eq(shortlists.createdByUserId, actor.userId)));
}

async function isAgencyAdmin(db: Database, actor: AgencyActor): Promise<boolean> {
  const [row] = await db
    .select({ isAdmin: agencyMemberships.isAdmin })
    .from(agencyMemberships)
    .where(and(eq(agencyMemberships.agencyId, actor.agencyId), eq(agencyMemberships.userId, actor.userId)))
    .limit(1);
  return row?.isAdmin ?? false;
}

function refuseBadText(problem: string | null, field: string): void {
  if (problem !== null) {
    throw new AppError(ErrorCode.BadRequest, problem, [{ field, message: problem }]);
  }
}

async function summariesOf(db: Database, actor: AgencyActor, condition: SQL | undefined): Promise<(ShortlistSummary & { row: ShortlistRow })[]> {
  const rows = await db
    .select({ shortlist: shortlists, makerName: makers.name, supplierCount: count(shortlistSuppliers.supplierId) })
    .from(shortlists)
    .leftJoin(makers, eq(makers.id, shortlists.createdByUserId))
    .leftJoin(shortlistSuppliers, eq(shortlistSuppliers.shortlistId, shortlists.id))
    .where(and(visibleTo(actor), condition))
    .groupBy(shortlists.id, makers.name)
    .orderBy(desc(shortlists.updatedAt), desc(shortlists.id));
  const isAdmin = rows.some((row) => row.shortlist.createdByUserId !== actor.userId) ? await isAgencyAdmin(db, actor) : false;
  return rows.map(({ shortlist, makerName, supplierCount }) => ({
    row: shortlist,
    id: shortlist.id,
    name: shortlist.name,
    isShared: shortlist.isShared,
    canManage: shortlist.createdByUserId === actor.userId || isAdmin,
    createdByName: makerName,
    supplierCount,
    updatedAt: shortlist.updatedAt.toISOString(),
  }));
}

/** GET /agency/shortlists. */
export async function listShortlists(db: Database, actor: AgencyActor): Promise<ShortlistsResponse> {
  const summaries = await summariesOf(db, actor, undefined);
  return { shortlists: summaries.map(({ row: _row, ...summary }) => summary) };
}

async function findShortlist(db: Database, actor: AgencyActor, id: number) {
  const [found] = await summariesOf(db, actor, eq(shortlists.id, id));
  if (!found) {
    throw new AppError(ErrorCode.NotFound, NOT_FOUND);
  }
  return found;
}

/** GET /agency/shortlists/{id}: the shortlist and its suppliers, by name. */
export async function getShortlist(db: Database, actor: AgencyActor, id: number): Promise<ShortlistDetail> {
  const { row: _row, ...summary } = await findShortlist(db, actor, id);
  const entries = await db
    .select({
      id: suppliers.id,
      name: suppliers.tradingName,
      note: shortlistSuppliers.note,
      listed: supplierSearch.supplierId,
      addedAt: shortlistSuppliers.addedAt,
      addedByName: adders.name,
    })
    .from(shortlistSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, shortlistSuppliers.supplierId))
    .leftJoin(supplierSearch, eq(supplierSearch.supplierId, suppliers.id))
    .leftJoin(adders, eq(adders.id, shortlistSuppliers.addedByUserId))
    .where(eq(shortlistSuppliers.shortlistId, id))
    .orderBy(asc(suppliers.tradingName), asc(suppliers.id));
  return {
    ...summary,
    suppliers: entries.map((entry) => ({
      id: entry.id,
      name: entry.name,
      note: entry.note,
      isListed: entry.listed !== null,
      addedAt: entry.addedAt.toISOString(),
      addedByName: entry.addedByName,
    })),
  };
}

/** A supplier of the directory may go on a shortlist: 404 for any other, as for an unknown one. */
async function requireListed(db: Database, supplierId: number): Promise<void> {
  const [listed] = await db.select({ id: supplierSearch.supplierId }).from(supplierSearch).where(eq(supplierSearch.supplierId, supplierId)).limit(1);
  if (!listed) {
    throw new AppError(ErrorCode.NotFound, NOT_LISTED);
  }
}

/**
 * POST /agency/shortlists: a new shortlist of the actor's, not shared: empty, or with its first
 * supplier and note (a buyer saving a supplier from the directory to a new shortlist), made together
 * so a refused supplier leaves no empty shortlist behind.
 */
export async function createShortlist(db: Database, audit: AuditLog, actor: AgencyActor, input: CreateShortlistRequest): Promise<ShortlistDetail> {
  const name = input.name.trim();
  refuseBadText(shortlistNameProblem(name), 'name');
  const note = input.supplier?.note?.trim() ?? '';
  refuseBadText(shortlistNoteProblem(note), 'supplier.note');
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.insert(shortlists).values({ agencyId: actor.agencyId, name, createdByUserId: actor.userId }).returning();
    if (!created) {
      throw new Error('Insert returned no row');
    }
    if (input.supplier) {
      await requireListed(tx, input.supplier.id);
      await tx.insert(shortlistSuppliers).values({ shortlistId: created.id, supplierId: input.supplier.id, note, addedByUserId: actor.userId });
    }
    await audit.record({ actorUserId: actor.userId, action: 'shortlist.create', entity: 'shortlist', entityId: created.id, before: null, after: { name, agencyId: actor.agencyId }, requestId: actor.requestId }, tx);
    return created.id;
  });
  return getShortlist(db, actor, id);
}

/** The shortlist, for a change only its maker or an agency admin may make (403 for anyone else who sees it). */
async function findManaged(db: Database, actor: AgencyActor, id: number) {
  const found = await findShortlist(db, actor, id);
  if (!found.canManage) {
    throw new AppError(ErrorCode.Forbidden, 'Only the person who made this shortlist, or an administrator of your agency, can change or delete it.');
  }
  return found.row;
}

/** PUT /agency/shortlists/{id}: renames it, or shares it with the agency (or stops sharing it). */
export async function updateShortlist(db: Database, audit: AuditLog, actor: AgencyActor, id: number, input: UpdateShortlistRequest): Promise<ShortlistDetail> {
  const name = input.name?.trim();
  if (name !== undefined) {
    refuseBadText(shortlistNameProblem(name), 'name');
  }
  const row = await findManaged(db, actor, id);
  const changes = { ...(name === undefined ? {} : { name }), ...(input.isShared === undefined ? {} : { isShared: input.isShared }) };
  await db
    .update(shortlists)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(shortlists.id, id), eq(shortlists.agencyId, actor.agencyId)));
  await audit.record({
    actorUserId: actor.userId,
    action: 'shortlist.update',
    entity: 'shortlist',
    entityId: id,
    before: { name: row.name, isShared: row.isShared },
    after: changes,
    requestId: actor.requestId,
  });
  return getShortlist(db, actor, id);
}

/** DELETE /agency/shortlists/{id}: with its suppliers and notes. */
export async function deleteShortlist(db: Database, audit: AuditLog, actor: AgencyActor, id: number): Promise<void> {
  const row = await findManaged(db, actor, id);
  await db.delete(shortlists).where(and(eq(shortlists.id, id), eq(shortlists.agencyId, actor.agencyId)));
  await audit.record({ actorUserId: actor.userId, action: 'shortlist.delete', entity: 'shortlist', entityId: id, before: { name: row.name, isShared: row.isShared }, after: null, requestId: actor.requestId });
}

/**
 * PUT /agency/shortlists/{id}/suppliers/{supplierId}: adds a supplier of the directory (or changes
 * the note of one already on it). A supplier not in the directory is 404, as an unknown one.
 */
export async function saveShortlistSupplier(db: Database, actor: AgencyActor, id: number, supplierId: number, input: { note?: string | undefined }): Promise<ShortlistDetail> {
  const note = input.note?.trim();
  if (note !== undefined) {
    refuseBadText(shortlistNoteProblem(note), 'note');
  }
  await findShortlist(db, actor, id);
  const [existing] = await db
    .select({ supplierId: shortlistSuppliers.supplierId })
    .from(shortlistSuppliers)
    .where(and(eq(shortlistSuppliers.shortlistId, id), eq(shortlistSuppliers.supplierId, supplierId)));
  if (existing) {
    if (note !== undefined) {
      await db.update(shortlistSuppliers).set({ note }).where(and(eq(shortlistSuppliers.shortlistId, id), eq(shortlistSuppliers.supplierId, supplierId)));
    }
  } else {
    await requireListed(db, supplierId);
    await db.insert(shortlistSuppliers).values({ shortlistId: id, supplierId, note: note ?? '', addedByUserId: actor.userId }).onConflictDoNothing();
  }
  await db.update(shortlists).set({ updatedAt: new Date() }).where(and(eq(shortlists.id, id), eq(shortlists.agencyId, actor.agencyId)));
  return getShortlist(db, actor, id);
}

/**
 * GET /agency/directory-suppliers/{supplierId}: a supplier of the directory, by name, and the
 * shortlists the person sees that already hold it; one not in the directory is 404.
 */
export async function findDirectorySupplier(db: Database, actor: AgencyActor, supplierId: number): Promise<DirectorySupplierResponse> {
  const [listed] = await db.select({ name: supplierSearch.tradingName }).from(supplierSearch).where(eq(supplierSearch.supplierId, supplierId)).limit(1);
  if (!listed) {
    throw new AppError(ErrorCode.NotFound, NOT_LISTED);
  }
  const onShortlists = await db
    .select({ id: shortlists.id, name: shortlists.name })
    .from(shortlistSuppliers)
    .innerJoin(shortlists, eq(shortlists.id, shortlistSuppliers.shortlistId))
    .where(and(visibleTo(actor), eq(shortlistSuppliers.supplierId, supplierId)))
    .orderBy(desc(shortlists.updatedAt), desc(shortlists.id));
  return { id: supplierId, name: listed.name, onShortlists };
}

/** DELETE /agency/shortlists/{id}/suppliers/{supplierId}: takes a supplier off (404 when it is not on it). */
export async function removeShortlistSupplier(db: Database, actor: AgencyActor, id: number, supplierId: number): Promise<ShortlistDetail> {
  await findShortlist(db, actor, id);
  const removed = await db
    .delete(shortlistSuppliers)
    .where(and(eq(shortlistSuppliers.shortlistId, id), eq(shortlistSuppliers.supplierId, supplierId)))
    .returning({ supplierId: shortlistSuppliers.supplierId });
  if (removed.length === 0) {
    throw new AppError(ErrorCode.NotFound, 'That supplier is not on this shortlist.');
  }
  await db.update(shortlists).set({ updatedAt: new Date() }).where(and(eq(shortlists.id, id), eq(shortlists.agencyId, actor.agencyId)));
  return getShortlist(db, actor, id);
}

export const SHORTLIST_CSV_COLUMNS = [...DIRECTORY_CSV_COLUMNS, 'Price', 'Note'] as const;

/** The shortlist's CSV name: its own name, made safe for a file name. */
export function shortlistFileName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-').toLowerCase();
  return `shortlist-${safe === '' ? 'suppliers' : safe}.csv`;
}

/**
 * The CSV records of a shortlist's suppliers, as `getShortlist` read them (the reader's access
 * checked there): for each, by name, a row per service it is approved for (the directory's
 * columns) with its listing's price where buyers can read one, and the buyer's note; a supplier
 * with no published service left has one row with its name and note.
 */
export async function* exportShortlistRecords(db: Database, entries: ShortlistDetail['suppliers']): AsyncGenerator<string[]> {
  for (const entry of entries) {
    const offered = await db
      .select({ serviceId: services.id, service: services.title, catalogue: catalogues.title, channel: channels.title })
      .from(supplierServices)
      .innerJoin(services, eq(services.id, supplierServices.serviceId))
      .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
      .innerJoin(channels, eq(channels.id, catalogues.channelId))
      .where(and(ownedBy(supplierServices, entry.id), isNotNull(supplierServices.publishedAt), isLiveService(services.id)))
      .orderBy(asc(channels.title), asc(catalogues.title), asc(services.title));
    const prices = offered.length === 0 ? new Map<number, string | null>() : await publicListingPricesOfSupplier(db, entry.id);
    const rows = offered.length === 0 ? [{ channel: '', catalogue: '', service: '', price: '' }] : offered.map((row) => ({ ...row, price: prices.get(row.serviceId) ?? '' }));
    for (const row of rows) {
      yield [entry.name, row.channel, row.catalogue, row.service, row.price, entry.note].map(neutraliseCsvCell);
    }
  }
}
