/**
 * The team's catalogue management calls (/api/v1/admin/catalogue, team only; see
 * server/modules/catalogue/README.md): the whole tree as a TanStack Query hook, and creating,
 * renaming, retiring, restoring and moving items. Every screen reads the one tree; a change puts
 * what it can into it at once (a move's new order) and loads it afresh. Each answer is checked
 * against its schema in common/api.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  TeamCatalogueItemSchema,
  TeamCatalogueTreeSchema,
  TeamSiblingOrderSchema,
  type TeamCatalogueItem,
  type TeamCatalogueTree,
  type TeamCreateCatalogueRequest,
  type TeamCreateChannelRequest,
  type TeamCreateServiceRequest,
  type TeamMoveRequest,
  type TeamRenameRequest,
  type TeamSiblingOrder,
  type CatalogueItemKind,
} from '../../common/api/team-catalogue';
import { apiFetch } from '../lib/api';
import { withSiblingOrder } from './catalogue-tree';

export const catalogueManagementQueryKeys = {
  tree: ['team', 'catalogue-tree'] as const,
};

const FOLDERS = { channel: 'channels', catalogue: 'catalogues', service: 'services' } as const satisfies Record<CatalogueItemKind, string>;

export function useCatalogueTree() {
  return useQuery({
    queryKey: catalogueManagementQueryKeys.tree,
    queryFn: ({ signal }) => apiFetch('admin/catalogue', TeamCatalogueTreeSchema, { signal }),
  });
}

/** A title and an optional description, as the create and rename forms send them. */
export interface CatalogueItemText {
  title: string;
  description?: string;
}

/** Creates a channel (no parent), a catalogue in a channel or a service in a catalogue. */
export function createCatalogueItem(kind: CatalogueItemKind, parentId: number | null, text: CatalogueItemText): Promise<TeamCatalogueItem> {
  const body: TeamCreateChannelRequest | TeamCreateCatalogueRequest | TeamCreateServiceRequest =
    kind === 'channel' || parentId === null ? text : kind === 'catalogue' ? { channelId: parentId, ...text } : { catalogueId: parentId, ...text };
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}`, TeamCatalogueItemSchema, { method: 'POST', body });
}

export function renameCatalogueItem(kind: CatalogueItemKind, id: number, text: CatalogueItemText): Promise<TeamCatalogueItem> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}`, TeamCatalogueItemSchema, { method: 'PUT', body: text satisfies TeamRenameRequest });
}

export function retireCatalogueItem(kind: CatalogueItemKind, id: number): Promise<TeamCatalogueItem> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}/retire`, TeamCatalogueItemSchema, { method: 'POST' });
}

export function restoreCatalogueItem(kind: CatalogueItemKind, id: number): Promise<TeamCatalogueItem> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}/restore`, TeamCatalogueItemSchema, { method: 'POST' });
}

export function moveCatalogueItem(kind: 'channel' | 'catalogue', id: number, direction: 'up' | 'down'): Promise<TeamSiblingOrder> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}/move`, TeamSiblingOrderSchema, { method: 'POST', body: { direction } satisfies TeamMoveRequest });
}

/** After a move: the siblings in their new order at once (so focus can stay on the moved item), then the tree afresh. */
export function rememberOrder(queryClient: QueryClient, order: TeamSiblingOrder): void {
  queryClient.setQueryData<TeamCatalogueTree>(catalogueManagementQueryKeys.tree, (tree) => (tree ? withSiblingOrder(tree, order) : tree));
  void queryClient.invalidateQueries({ queryKey: catalogueManagementQueryKeys.tree });
}

/** After any other change (or a refusal, which means the tree moved on): the tree afresh. */
export function refreshTree(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogueManagementQueryKeys.tree });
}
