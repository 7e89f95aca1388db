/**
 * What the catalogue management screens read from the team's tree (GET /admin/catalogue): one item
 * with what holds it, each item's status by the server's one rule (live unless it or what holds it
 * is retired), which moves an item has among its live siblings, and a new order applied to the tree
 * as the move's answer gives it.
 */
import type {
  TeamCatalogueCatalogue,
  TeamCatalogueChannel,
  TeamCatalogueService,
  TeamCatalogueTree,
  TeamSiblingOrder,
  CatalogueItemKind,
} from '../../common/api/team-catalogue';

export const KIND_NOUNS = { channel: 'sales channel', catalogue: 'catalogue', service: 'service' } as const satisfies Record<CatalogueItemKind, string>;

export interface FoundChannel {
  kind: 'channel';
  item: TeamCatalogueChannel;
}

export interface FoundCatalogue {
  kind: 'catalogue';
  item: TeamCatalogueCatalogue;
  channel: TeamCatalogueChannel;
}

export interface FoundService {
  kind: 'service';
  item: TeamCatalogueService;
  catalogue: TeamCatalogueCatalogue;
  channel: TeamCatalogueChannel;
}

export type FoundItem = FoundChannel | FoundCatalogue | FoundService;

export function findCatalogueItem(tree: TeamCatalogueTree, kind: 'channel', id: number): FoundChannel | undefined;
export function findCatalogueItem(tree: TeamCatalogueTree, kind: 'catalogue', id: number): FoundCatalogue | undefined;
export function findCatalogueItem(tree: TeamCatalogueTree, kind: 'service', id: number): FoundService | undefined;
export function findCatalogueItem(tree: TeamCatalogueTree, kind: CatalogueItemKind, id: number): FoundItem | undefined;
/** The item of `kind` with `id`, with the catalogue and channel that hold it; undefined when the tree has none. */
export function findCatalogueItem(tree: TeamCatalogueTree, kind: CatalogueItemKind, id: number): FoundItem | undefined {
  for (const channel of tree.channels) {
    if (kind === 'channel' && channel.id === id) {
      return { kind, item: channel };
    }
    for (const catalogue of channel.catalogues) {
      if (kind === 'catalogue' && catalogue.id === id) {
        return { kind, item: catalogue, channel };
      }
      if (kind === 'service') {
        const service = catalogue.services.find((candidate) => candidate.id === id);
        if (service) {
          return { kind, item: service, catalogue, channel };
        }
      }
    }
  }
  return undefined;
}

/** Live; retired itself; or not retired itself but held by a retired catalogue or channel (so out of sight too). */
export type CatalogueItemStatus = 'live' | 'retired' | 'held';

/** An item's status: `holders` are what holds it (its channel, then its catalogue), none for a channel. */
export function catalogueItemStatus(item: { retiredAt: string | null }, holders: readonly { retiredAt: string | null }[] = []): CatalogueItemStatus {
  if (item.retiredAt !== null) {
    return 'retired';
  }
  return holders.some((holder) => holder.retiredAt !== null) ? 'held' : 'live';
}

export const STATUS_LABELS = { live: 'Live', retired: 'Retired', held: 'Hidden' } as const satisfies Record<CatalogueItemStatus, string>;
export const STATUS_TONES = { live: 'done', retired: 'draft', held: 'draft' } as const;

/** The sentence under a hidden item's tag: what keeps it out of sight. */
export function heldBecause(holders: readonly { title: string; retiredAt: string | null }[], kinds: readonly CatalogueItemKind[]): string | undefined {
  const index = holders.findIndex((holder) => holder.retiredAt !== null);
  const holder = holders[index];
  const kind = kinds[index];
  return holder === undefined || kind === undefined ? undefined : `Not shown while the ${KIND_NOUNS[kind]} ${holder.title} is retired`;
}

export interface MoveOptions {
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/**
 * Which moves the server allows an item: a live item (its channel live too, for a catalogue) swaps
 * with the nearest live sibling, so it moves up when a live sibling comes before it and down when
 * one comes after. Retired siblings are passed over.
 */
export function moveOptions(siblings: readonly { id: number; retiredAt: string | null }[], id: number, isParentLive = true): MoveOptions {
  const index = siblings.findIndex((sibling) => sibling.id === id);
  const item = siblings[index];
  if (item === undefined || item.retiredAt !== null || !isParentLive) {
    return { canMoveUp: false, canMoveDown: false };
  }
  const isLive = (sibling: { retiredAt: string | null }) => sibling.retiredAt === null;
  return { canMoveUp: siblings.slice(0, index).some(isLive), canMoveDown: siblings.slice(index + 1).some(isLive) };
}

/** `items` in the order of `ids` (the move's answer); any item it does not name keeps its place at the end. */
export function inOrder<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, rank: rank.get(item.id) ?? ids.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);
}

/** The tree with one set of siblings in their new order (channels, or the catalogues of one channel). */
export function withSiblingOrder(tree: TeamCatalogueTree, order: TeamSiblingOrder): TeamCatalogueTree {
  if (order.kind === 'channel') {
    return { channels: inOrder(tree.channels, order.ids) };
  }
  return {
    channels: tree.channels.map((channel) => (channel.id === order.parentId ? { ...channel, catalogues: inOrder(channel.catalogues, order.ids) } : channel)),
  };
}

/** How many of a channel's services there are, counted over its catalogues. */
export function serviceCount(channel: TeamCatalogueChannel): number {
  return channel.catalogues.reduce((total, catalogue) => total + catalogue.services.length, 0);
}

/** '1 catalogue', '3 services', 'No services'. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  if (count === 0) {
    return `No ${plural}`;
  }
  return `${count.toLocaleString('en-NZ')} ${count === 1 ? noun : plural}`;
}

/** Its place among `total` siblings, as a person says it: '2nd of 5'. */
export function placeOf(index: number, total: number): string {
  const position = index + 1;
  const tens = position % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][position % 10] ?? 'th');
  return `${String(position)}${suffix} of ${String(total)}`;
}
