/**
 * The team app's catalogue management screens, relative to the team app's base (/admin), built
 * in one place: the screens link with these, and ./catalogue-management-routes.tsx is the table
 * they match. Ids are in the addresses only; the screens name every item by its title.
 */
export const catalogueManagementPaths = {
  channels: () => '/catalogue',
  channel: (id: number) => `/catalogue/channels/${String(id)}`,
  addChannel: () => '/catalogue/channels/new',
  addCatalogue: (channelId: number) => `/catalogue/channels/${String(channelId)}/catalogues/new`,
  addService: (catalogueId: number) => `/catalogue/catalogues/${String(catalogueId)}/services/new`,
  renameChannel: (id: number) => `/catalogue/channels/${String(id)}/rename`,
  renameCatalogue: (id: number) => `/catalogue/catalogues/${String(id)}/rename`,
  renameService: (id: number) => `/catalogue/services/${String(id)}/rename`,
};

/** The public page of each kind of item (server-rendered by server/modules/catalogue): the slug stays when renamed. */
export const publicCataloguePaths = {
  channel: (slug: string) => `/sales-channels/${slug}`,
  catalogue: (slug: string) => `/catalogues/${slug}`,
  service: (slug: string) => `/services/${slug}`,
};
