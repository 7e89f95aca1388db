/**
 * The team's catalogue management (issue 13, item 5; routes in team-routes.ts): the whole tree
 * with retired items, creating, renaming, reordering, retiring and restoring channels, catalogues
 * and services. Each change runs in one transaction with its audit entries, and a refused change
 * stores nothing. Slugs are made once, at creation, and never change: public addresses keep working
 * after a rename. What "retired" hides from the public is one rule, server/db/live-catalogue.ts.
 */
import { asc, countDistinct, eq, like, or, sql } from 'drizzle-orm';
import type {
  TeamCatalogueItem,
  TeamCatalogueService,
  TeamCatalogueTree,
  TeamSiblingOrder,
  CatalogueItemKind,
} from '../../../common/api/team-catalogue';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { applicationServices, catalogues, channels, services, supplierServices } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';

export interface CatalogueDependencies {
  db: Database;
  audit: AuditLog;
}

/** A channel, catalogue or service as this module handles it, whatever its table. */
interface ItemRow {
  id: number;
  parentId: number | null;
  slug: string;
  title: string;
  description: string;
  position: number | null;
  retiredAt: Date | null;
}

const PARENT_KIND = { channel: null, catalogue: 'channel', service: 'catalogue' } as const satisfies Record<CatalogueItemKind, CatalogueItemKind | null>;

/** Slugs no item may take: the cascade form's option lists live at these paths beside the pages (cascade-routes.ts). */
const RESERVED_SLUGS = new Set(['catalogues', 'services']);
const SLUG_MAX_LENGTH = 80;

/**
 * A slug made from a title the way the seeded ones read ('Cloud hosting (IaaS)' → 'cloud-hosting-iaas'):
 * lower case, diacritics removed ('Māori' → 'maori'), '&' as 'and', every other run of characters
 * that is not a letter or digit as one hyphen, at most 80 characters. Empty when nothing is left.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

function toIso(date: Date | null): string | null {
  return date?.toISOString() ?? null;
}

function toItem(kind: CatalogueItemKind, row: ItemRow): TeamCatalogueItem {
  return { kind, ...row, retiredAt: toIso(row.retiredAt) };
}

function notFound(kind: CatalogueItemKind, id: number): AppError {
  return new AppError(ErrorCode.NotFound, `There is no ${kind} with id ${String(id)}.`);
}

const channelColumns = {
  id: channels.id,
  parentId: sql<null>`NULL::integer`,
  slug: channels.slug,
  title: channels.title,
  description: channels.description,
  position: channels.position,
  retiredAt: channels.retiredAt,
};
const catalogueColumns = {
  id: catalogues.id,
  parentId: catalogues.channelId,
  slug: catalogues.slug,
  title: catalogues.title,
  description: catalogues.description,
  position: catalogues.position,
  retiredAt: catalogues.retiredAt,
};
const serviceColumns = {
  id: services.id,
  parentId: services.catalogueId,
  slug: services.slug,
  title: services.title,
  description: services.description,
  position: sql<null>`NULL::integer`,
  retiredAt: services.retiredAt,
};

/** The item, locked for the rest of the transaction when `forUpdate`; 404 when there is none. */
async function findItem(db: Database, kind: CatalogueItemKind, id: number, forUpdate = false): Promise<ItemRow> {
  let rows: ItemRow[];
  if (kind === 'channel') {
    const query = db.select(channelColumns).from(channels).where(eq(channels.id, id)).limit(1);
    rows = forUpdate ? await query.for('update') : await query;
  } else if (kind === 'catalogue') {
    const query = db.select(catalogueColumns).from(catalogues).where(eq(catalogues.id, id)).limit(1);
    rows = forUpdate ? await query.for('update') : await query;
  } else {
    const query = db.select(serviceColumns).from(services).where(eq(services.id, id)).limit(1);
    rows = forUpdate ? await query.for('update') : await query;
  }
  const [row] = rows;
  if (!row) {
    throw notFound(kind, id);
  }
  return row;
}

/** The nearest retired item holding this one (its channel, or its catalogue then that one's channel), if any. */
async function findRetiredAncestor(db: Database, kind: CatalogueItemKind, parentId: number | null): Promise<{ kind: CatalogueItemKind; title: string } | null> {
  const parentKind = PARENT_KIND[kind];
  if (parentKind === null || parentId === null) {
    return null;
  }
  const parent = await findItem(db, parentKind, parentId);
  if (parent.retiredAt !== null) {
    return { kind: parentKind, title: parent.title };
  }
  return findRetiredAncestor(db, parentKind, parent.parentId);
}

// ---------------------------------------------------------------------------------------------
// The tree

/** GET /admin/catalogue: every channel, catalogue and service, retired ones included, in site order, with counts. */
export async function getCatalogueTree(db: Database): Promise<TeamCatalogueTree> {
  const [channelRows, catalogueRows, serviceRows, listingCounts, applicationCounts] = await Promise.all([
    db.select(channelColumns).from(channels).orderBy(asc(channels.position), asc(channels.id)),
    db.select(catalogueColumns).from(catalogues).orderBy(asc(catalogues.position), asc(catalogues.id)),
    db.select(serviceColumns).from(services).orderBy(asc(services.title), asc(services.id)),
    db
      .select({ serviceId: supplierServices.serviceId, total: countDistinct(supplierServices.supplierId) })
      .from(supplierServices)
      // The team sees every supplier's listings.
      .where(ownedBy(supplierServices, ANY_SUPPLIER))
      .groupBy(supplierServices.serviceId),
    db
      .select({ serviceId: applicationServices.serviceId, total: countDistinct(applicationServices.applicationId) })
      .from(applicationServices)
      .groupBy(applicationServices.serviceId),
  ]);
  const suppliersOf = new Map(listingCounts.map((row) => [row.serviceId, row.total]));
  const applicationsOf = new Map(applicationCounts.map((row) => [row.serviceId, row.total]));
  const servicesOf = new Map<number, TeamCatalogueService[]>();
  for (const row of serviceRows) {
    const list = servicesOf.get(row.parentId) ?? [];
    list.push({
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      retiredAt: toIso(row.retiredAt),
      supplierCount: suppliersOf.get(row.id) ?? 0,
      applicationCount: applicationsOf.get(row.id) ?? 0,
    });
    servicesOf.set(row.parentId, list);
  }
  return {
    channels: channelRows.map((channel) => ({
      id: channel.id,
      slug: channel.slug,
      title: channel.title,
      description: channel.description,
      position: channel.position,
      retiredAt: toIso(channel.retiredAt),
      catalogues: catalogueRows
        .filter((catalogue) => catalogue.parentId === channel.id)
        .map((catalogue) => ({
          id: catalogue.id,
          slug: catalogue.slug,
          title: catalogue.title,
          description: catalogue.description,
          position: catalogue.position,
          retiredAt: toIso(catalogue.retiredAt),
          services: servicesOf.get(catalogue.id) ?? [],
        })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Creating

/** A slug for the title, unique among the kind's slugs: the plain one, else -2, -3… (reserved slugs count as taken). */
async function uniqueSlug(db: Database, kind: CatalogueItemKind, title: string): Promise<string> {
  const base = slugFromTitle(title) || kind;
  const pattern = `${base}-%`;
  let taken: { slug: string }[];
  if (kind === 'channel') {
    taken = await db.select({ slug: channels.slug }).from(channels).where(or(eq(channels.slug, base), like(channels.slug, pattern)));
  } else if (kind === 'catalogue') {
    taken = await db.select({ slug: catalogues.slug }).from(catalogues).where(or(eq(catalogues.slug, base), like(catalogues.slug, pattern)));
  } else {
    taken = await db.select({ slug: services.slug }).from(services).where(or(eq(services.slug, base), like(services.slug, pattern)));
  }
  const slugs = new Set([...taken.map((row) => row.slug), ...RESERVED_SLUGS]);
  if (!slugs.has(base)) {
    return base;
  }
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${String(suffix)}`;
    if (!slugs.has(candidate)) {
      return candidate;
    }
  }
}

export interface NewCatalogueItem {
  title: string;
  description?: string | undefined;
  /** The channel of a catalogue, the catalogue of a service; none for a channel. */
  parentId?: number | undefined;
}

/**
 * Creates a channel, a catalogue (in a live channel) or a service (in a live catalogue of a live
 * channel), last among its siblings, with a slug made from its title. 404 for an unknown parent,
 * 409 for a retired one.
 */
export async function createCatalogueItem(deps: CatalogueDependencies, actor: Actor, kind: CatalogueItemKind, input: NewCatalogueItem): Promise<TeamCatalogueItem> {
  const title = input.title.trim();
  const description = (input.description ?? '').trim();
  return deps.db.transaction(async (tx) => {
    // Two creations at once would pick the same free slug: they take turns (held to the commit).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('catalogue-slugs'))`);
    const parentKind = PARENT_KIND[kind];
    const parentId = input.parentId ?? null;
    if (parentKind !== null) {
      if (parentId === null) {
        throw new Error(`A ${kind} needs its ${parentKind}`);
      }
      // Locked, so the parent cannot be retired while the new item joins it.
      const parent = await findItem(tx, parentKind, parentId, true);
      const retired = parent.retiredAt === null ? await findRetiredAncestor(tx, parentKind, parent.parentId) : { kind: parentKind, title: parent.title };
      if (retired) {
        throw new AppError(ErrorCode.Conflict, `The ${retired.kind} ${retired.title} is retired: restore it before adding a ${kind} to it.`);
      }
    }
    const slug = await uniqueSlug(tx, kind, title);
    let created: ItemRow | undefined;
    if (kind === 'channel') {
      const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${channels.position}) + 1, 0)`.mapWith(Number) }).from(channels);
      [created] = await tx.insert(channels).values({ slug, title, description, position: next }).returning(channelColumns);
    } else if (kind === 'catalogue' && parentId !== null) {
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${catalogues.position}) + 1, 0)`.mapWith(Number) })
        .from(catalogues)
        .where(eq(catalogues.channelId, parentId));
      [created] = await tx.insert(catalogues).values({ channelId: parentId, slug, title, description, position: next }).returning(catalogueColumns);
    } else if (parentId !== null) {
      [created] = await tx.insert(services).values({ catalogueId: parentId, slug, title, description }).returning(serviceColumns);
    }
    if (!created) {
      throw new Error(`${kind} insert returned nothing`);
    }
    const item = toItem(kind, created);
    await deps.audit.record(
      { actorUserId: actor.userId, action: 'catalogue.create', entity: kind, entityId: item.id, before: null, after: item, requestId: actor.requestId },
      tx,
    );
    return item;
  });
}

// ---------------------------------------------------------------------------------------------
// Renaming, retiring, restoring

async function updateItem(db: Database, kind: CatalogueItemKind, id: number, values: { title?: string; description?: string; retiredAt?: Date | null }): Promise<ItemRow> {
  let rows: ItemRow[];
  if (kind === 'channel') {
    rows = await db.update(channels).set(values).where(eq(channels.id, id)).returning(channelColumns);
  } else if (kind === 'catalogue') {
    rows = await db.update(catalogues).set(values).where(eq(catalogues.id, id)).returning(catalogueColumns);
  } else {
    rows = await db.update(services).set(values).where(eq(services.id, id)).returning(serviceColumns);
  }
  const [row] = rows;
  if (!row) {
    throw notFound(kind, id);
  }
  return row;
}

/**
 * A new title (and description, when given); the slug stays, so the public page keeps its address.
 * Two people renaming one item: the later save wins.
 */
export async function renameCatalogueItem(
  deps: CatalogueDependencies,
  actor: Actor,
  kind: CatalogueItemKind,
  id: number,
  input: { title: string; description?: string | undefined },
): Promise<TeamCatalogueItem> {
  const title = input.title.trim();
  const description = input.description?.trim();
  return deps.db.transaction(async (tx) => {
    const before = await findItem(tx, kind, id, true);
    const after = await updateItem(tx, kind, id, description === undefined ? { title } : { title, description });
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'catalogue.rename',
        entity: kind,
        entityId: id,
        before: { title: before.title, description: before.description },
        after: { title: after.title, description: after.description },
        requestId: actor.requestId,
      },
      tx,
    );
    return toItem(kind, after);
  });
}

/**
 * Retires a live item: it, and everything it holds, leaves public view and new applications; the
 * records naming it keep it. 409 when it is already retired.
 */
export async function retireCatalogueItem(deps: CatalogueDependencies, actor: Actor, kind: CatalogueItemKind, id: number): Promise<TeamCatalogueItem> {
  return deps.db.transaction(async (tx) => {
    const before = await findItem(tx, kind, id, true);
    if (before.retiredAt !== null) {
      throw new AppError(ErrorCode.Conflict, `The ${kind} ${before.title} was already retired on ${before.retiredAt.toISOString().slice(0, 10)}.`);
    }
    const after = await updateItem(tx, kind, id, { retiredAt: new Date() });
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'catalogue.retire',
        entity: kind,
        entityId: id,
        before: { retiredAt: null },
        after: { retiredAt: toIso(after.retiredAt) },
        requestId: actor.requestId,
      },
      tx,
    );
    return toItem(kind, after);
  });
}

/** Brings a retired item back. 409 when it is not retired, or when what holds it is still retired (restore that first). */
export async function restoreCatalogueItem(deps: CatalogueDependencies, actor: Actor, kind: CatalogueItemKind, id: number): Promise<TeamCatalogueItem> {
  return deps.db.transaction(async (tx) => {
    const before = await findItem(tx, kind, id, true);
    if (before.retiredAt === null) {
      throw new AppError(ErrorCode.Conflict, `The ${kind} ${before.title} is not retired.`);
    }
    const retired = await findRetiredAncestor(tx, kind, before.parentId);
    if (retired) {
      throw new AppError(ErrorCode.Conflict, `The ${retired.kind} ${retired.title} holding it is retired: restore it first.`);
    }
    const after = await updateItem(tx, kind, id, { retiredAt: null });
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'catalogue.restore',
        entity: kind,
        entityId: id,
        before: { retiredAt: toIso(before.retiredAt) },
        after: { retiredAt: null },
        requestId: actor.requestId,
      },
      tx,
    );
    return toItem(kind, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Reordering (channels, and catalogues within their channel; services are listed by title everywhere)

export type OrderedKind = Exclude<CatalogueItemKind, 'service'>;

interface Sibling {
  id: number;
  position: number;
  retiredAt: Date | null;
}

/** The siblings in their current order (position, then id), locked. */
async function findSiblings(db: Database, kind: OrderedKind, parentId: number | null): Promise<Sibling[]> {
  if (kind === 'channel') {
    return db
      .select({ id: channels.id, position: channels.position, retiredAt: channels.retiredAt })
      .from(channels)
      .orderBy(asc(channels.position), asc(channels.id))
      .for('update');
  }
  return db
    .select({ id: catalogues.id, position: catalogues.position, retiredAt: catalogues.retiredAt })
    .from(catalogues)
    .where(eq(catalogues.channelId, parentId ?? 0))
    .orderBy(asc(catalogues.position), asc(catalogues.id))
    .for('update');
}

/** Numbers the siblings 0, 1, 2… in the given order, writing (and auditing) only the positions that change. */
async function applyOrder(
  deps: CatalogueDependencies,
  db: Database,
  actor: Actor,
  kind: OrderedKind,
  parentId: number | null,
  siblings: readonly Sibling[],
  orderedIds: readonly number[],
): Promise<TeamSiblingOrder> {
  const positionOf = new Map(siblings.map((sibling) => [sibling.id, sibling.position]));
  for (const [position, id] of orderedIds.entries()) {
    const before = positionOf.get(id);
    if (before === position) {
      continue;
    }
    if (kind === 'channel') {
      await db.update(channels).set({ position }).where(eq(channels.id, id));
    } else {
      await db.update(catalogues).set({ position }).where(eq(catalogues.id, id));
    }
    await deps.audit.record(
      { actorUserId: actor.userId, action: 'catalogue.reorder', entity: kind, entityId: id, before: { position: before }, after: { position }, requestId: actor.requestId },
      db,
    );
  }
  return { kind, parentId, ids: [...orderedIds] };
}

/**
 * Moves a live channel or catalogue one place up or down among its live siblings (retired ones
 * keep their places). 404 unknown, 409 retired or already first / last.
 */
export async function moveCatalogueItem(
  deps: CatalogueDependencies,
  actor: Actor,
  kind: OrderedKind,
  id: number,
  direction: 'up' | 'down',
): Promise<TeamSiblingOrder> {
  return deps.db.transaction(async (tx) => {
    const item = await findItem(tx, kind, id, true);
    if (item.retiredAt !== null) {
      throw new AppError(ErrorCode.Conflict, `The ${kind} ${item.title} is retired: restore it before moving it.`);
    }
    const siblings = await findSiblings(tx, kind, item.parentId);
    const ids = siblings.map((sibling) => sibling.id);
    const from = ids.indexOf(id);
    const step = direction === 'up' ? -1 : 1;
    let to = from + step;
    while (to >= 0 && to < siblings.length && siblings[to]?.retiredAt !== null) {
      to += step;
    }
    if (from < 0 || to < 0 || to >= siblings.length) {
      throw new AppError(ErrorCode.Conflict, `The ${kind} ${item.title} is already ${direction === 'up' ? 'first' : 'last'}.`);
    }
    [ids[from], ids[to]] = [ids[to] ?? id, id];
    return applyOrder(deps, tx, actor, kind, item.parentId, siblings, ids);
  });
}

/**
 * Puts the channels, or the catalogues of one channel, in the given order. The ids must be exactly
 * the siblings, retired ones included, each once (400 otherwise); 404 for an unknown channel.
 */
export async function orderCatalogueItems(
  deps: CatalogueDependencies,
  actor: Actor,
  kind: OrderedKind,
  parentId: number | null,
  orderedIds: readonly number[],
): Promise<TeamSiblingOrder> {
  return deps.db.transaction(async (tx) => {
    if (kind === 'catalogue') {
      await findItem(tx, 'channel', parentId ?? 0, true);
    }
    const siblings = await findSiblings(tx, kind, parentId);
    const expected = new Set(siblings.map((sibling) => sibling.id));
    const given = new Set(orderedIds);
    const missing = [...expected].filter((id) => !given.has(id));
    const strangers = [...given].filter((id) => !expected.has(id));
    const repeated = orderedIds.length !== given.size;
    if (missing.length > 0 || strangers.length > 0 || repeated) {
      const problems = [
        missing.length > 0 ? `missing ${missing.join(', ')}` : null,
        strangers.length > 0 ? `not ${kind === 'channel' ? 'channels' : 'catalogues of this channel'}: ${strangers.join(', ')}` : null,
        repeated ? 'an id given twice' : null,
      ].filter((problem) => problem !== null);
      const message = `Give every ${kind === 'channel' ? 'channel' : 'catalogue of the channel'}, retired ones too, each once: ${problems.join('; ')}.`;
      throw new AppError(ErrorCode.BadRequest, message, [{ field: 'body.ids', message }]);
    }
    return applyOrder(deps, tx, actor, kind, parentId, siblings, orderedIds);
  });
}

