/**
 * The browser apps a page can mount, by the id of their mount element, and the module that mounts
 * each: app/mount-apps.ts imports these modules (its test holds the two lists equal), and the
 * server names their chunks in the page's head so the browser fetches them with the entry (except
 * a public page's app, below). The header's app is not here: it loads only for a stored session
 * (app/header/load.ts).
 */
export const APP_MOUNT_MODULES = {
  app__dashboard: 'app/dashboard/mount.tsx',
  'app__agency-dashboard': 'app/agency-dashboard/mount.tsx',
  app__user: 'app/user/mount.tsx',
  app__suppliers: 'app/directory/mount.tsx',
  app__agency: 'app/agencies/mount.tsx',
  app__register: 'app/registration/mount.tsx',
  app__admin: 'app/team/mount.tsx',
  'app__listing-documents': 'app/listings/buyer-documents-mount.tsx',
  'app__shortlist-save': 'app/shortlists/save-link-mount.tsx',
} as const;

export type AppMountId = keyof typeof APP_MOUNT_MODULES;

/**
 * The apps of public pages (the directory, the registration and agency forms, a listing's documents
 * for buyers, a supplier's "Save to a shortlist"), whose visitors
 * come from search engines and links on phones. Their chunks are not named in the head: on a slow
 * connection they would share it with the page's render-blocking entry and hold back the first paint
 * (Lighthouse's mobile run put the directory's first paint at 2.2 s with them and 1.5 s without).
 * The entry fetches them once the page has painted.
 */
export const PUBLIC_APP_MOUNTS: ReadonlySet<AppMountId> = new Set<AppMountId>([
  'app__suppliers',
  'app__register',
  'app__agency',
  'app__listing-documents',
  'app__shortlist-save',
]);
