/**
 * Screens of the team's app the accessibility and phone checks walk, signed in as a team member. Ids 1
 * are seeded: the supplier Kōwhai Digital; the channel Digital and ICT, its Cloud Services and a
 * service of it.
 */

/** Supplier management (app/suppliers/supplier-management-*): the search, an empty search, one supplier. */
const SUPPLIER_MANAGEMENT_SCREENS = ['/admin/suppliers', '/admin/suppliers?q=no-such-supplier&status=inactive', '/admin/suppliers/1'];

/** Catalogue management (app/catalogue/). */
const CATALOGUE_MANAGEMENT_SCREENS = [
  '/admin/catalogue',
  '/admin/catalogue/channels/1',
  '/admin/catalogue/channels/new',
  '/admin/catalogue/channels/1/rename',
  '/admin/catalogue/channels/1/catalogues/new',
  '/admin/catalogue/catalogues/1/rename',
  '/admin/catalogue/catalogues/1/services/new',
  '/admin/catalogue/services/1/rename',
];

/**
 * The audit log (app/audit/), the team members (app/team-members/) and the failed mail and jobs
 * (app/background-jobs/: the demo data's failed and waiting mail), seen by a team admin.
 */
const AUDIT_AND_TEAM_SCREENS = ['/admin/audit', '/admin/team-members', '/admin/team-members/add', '/admin/background-jobs'];

/**
 * The review of service listings (app/listings/team-*): the queue, another status's empty or short
 * list, and the demo's listings 1 and 2, Kōwhai Digital's (published; a change waiting for review).
 */
const LISTING_REVIEW_SCREENS = ['/admin/listings', '/admin/listings?status=changes_requested', '/admin/listings/1', '/admin/listings/2'];

export const TEAM_MANAGEMENT_SCREENS = [...SUPPLIER_MANAGEMENT_SCREENS, ...CATALOGUE_MANAGEMENT_SCREENS, ...AUDIT_AND_TEAM_SCREENS, ...LISTING_REVIEW_SCREENS];
