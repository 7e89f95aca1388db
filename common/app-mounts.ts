/**
 * The browser apps a page can mount, by the id of their mount element, and the module that mounts
 * each: app/mount-apps.ts imports these modules (its test holds the two lists equal), and the
 * server names their chunks in the page's head so the browser fetches them with the entry.
 * The header's app is not here: it loads only for a stored session (app/header/load.ts).
 */
export const APP_MOUNT_MODULES = {
  app__dashboard: 'app/dashboard/mount.tsx',
  app__user: 'app/user/mount.tsx',
  app__suppliers: 'app/suppliers/mount.tsx',
  app__agency: 'app/agency/mount.tsx',
  app__register: 'app/register/mount.tsx',
  app__admin: 'app/console/mount.tsx',
} as const;

export type AppMountId = keyof typeof APP_MOUNT_MODULES;
