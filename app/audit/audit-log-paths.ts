/**
 * The team app's audit log screen, relative to the team app's base (/admin), built in one
 * place: screens link with these (another screen links to `/admin/audit?supplier=<id>`), and
 * ./audit-log-routes.tsx is the table they match.
 */
export const auditLogPaths = {
  auditLog: (search = '') => `/audit${search}`,
};
