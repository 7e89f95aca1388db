/**
 * The team's catalogue management calls (/api/v1/admin/catalogue, staff only; see
 * server/modules/catalogue/README.md): the whole tree as a TanStack Query hook, and creating,
 * renaming, retiring, restoring and moving items. Every screen reads the one tree; a change puts
 * what it can into it at once (a move's new order) and loads it afresh. Each answer is checked
 * against its schema in common/api.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  AdminCatalogueItemSchema,
  AdminCatalogueTreeSchema,
  AdminSiblingOrderSchema,
  type AdminCatalogueItem,
  type AdminCatalogueTree,
  type AdminSiblingOrder,
  type CatalogueItemKind,
} from '../../common/api/catalogue-admin';
import { apiFetch } from '../lib/api';
import { withSiblingOrder } from './catalogue-tree';

export const catalogueManagementQueryKeys = {
  tree: ['team', 'catalogue-tree'] as const,
};

const FOLDERS = { channel: 'channels', catalogue: 'catalogues', service: 'services' } as const satisfies Record<CatalogueItemKind, string>;

export function useCatalogueTree() {
  return useQuery({
    queryKey: catalogueManagementQueryKeys.tree,
    queryFn: ({ signal }) => apiFetch('admin/catalogue', AdminCatalogueTreeSchema, { signal }),
  });
}

/** A title and an optional description, as the create and rename forms send them. */
export interface CatalogueItemText {
  title: string;
  description?: string;
}

/** Creates a channel (no parent), a catalogue in a channel or a service in a catalogue. */
export function createCatalogueItem(kind: CatalogueItemKind, parentId: number | null, text: CatalogueItemText): Promise<AdminCatalogueItem> {
  const parent = kind === 'catalogue' ? { channelId: parentId } : kind === 'service' ? { catalogueId: parentId } : {};
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}`, AdminCatalogueItemSchema, { method: 'POST', body: { ...parent, ...text } });
}

export function renameCatalogueItem(kind: CatalogueItemKind, id: number, text: CatalogueItemText): Promise<AdminCatalogueItem> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}`, AdminCatalogueItemSchema, { method: 'PUT', body: text });
}

export function retireCatalogueItem(kind: CatalogueItemKind, id: number): Promise<AdminCatalogueItem> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}/retire`, AdminCatalogueItemSchema, { method: 'POST' });
}

export function restoreCatalogueItem(kind: CatalogueItemKind, id: number): Promise<AdminCatalogueItem> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}/restore`, AdminCatalogueItemSchema, { method: 'POST' });
}

export function moveCatalogueItem(kind: 'channel' | 'catalogue', id: number, direction: 'up' | 'down'): Promise<AdminSiblingOrder> {
  return apiFetch(`admin/catalogue/${FOLDERS[kind]}/${String(id)}/move`, AdminSiblingOrderSchema, { method: 'POST', body: { direction } });
}

/** After a move: the siblings in their new order at once (so focus can stay on the moved item), then the tree afresh. */
export function rememberOrder(queryClient: QueryClient, order: AdminSiblingOrder): void {
  queryClient.setQueryData<AdminCatalogueTree>(catalogueManagementQueryKeys.tree, (tree) => (tree ? withSiblingOrder(tree, order) : tree));
  void queryClient.invalidateQueries({ queryKey: catalogueManagementQueryKeys.tree });
}

/** After any other change (or a refusal, which means the tree moved on): the tree afresh. */
export function refreshTree(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogueManagementQueryKeys.tree });
}
