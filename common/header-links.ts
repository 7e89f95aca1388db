/**
 * Which links a signed-in person's header shows (spec §2): Team console for the marketplace team;
 * the agency's Dashboard while the user acts for an agency (issue 31, and then nothing of a
 * supplier's); otherwise Dashboard and Supplier details for an active supplier, and Users for its
 * admins. One list for the header app (common/site-header.tsx) and for the links the page draws from
 * memory while that app loads (app/header/remembered-links.ts).
 */
import type { AgencySummary, SupplierSummary } from './api/user';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH, TEAM_APP_PATH } from './site-paths';

/** Where the browser remembers the links between pages (app/header/remembered-links.ts; the cookies page lists it). */
export const HEADER_LINKS_STORAGE_KEY = 'header-links';

export interface HeaderLink {
  label: string;
  href: string;
}

export function signedInHeaderLinks({
  isTeamMember,
  activeSupplier,
  activeAgency,
}: {
  isTeamMember: boolean;
  activeSupplier: Pick<SupplierSummary, 'isAdmin'> | null;
  activeAgency: Pick<AgencySummary, 'agencyID'> | null;
}): HeaderLink[] {
  const links: HeaderLink[] = [];
  if (isTeamMember) {
    links.push({ label: 'Team console', href: TEAM_APP_PATH });
  }
  if (activeAgency) {
    links.push({ label: 'Dashboard', href: AGENCY_DASHBOARD_PATH });
  } else if (activeSupplier) {
    links.push({ label: 'Dashboard', href: DASHBOARD_PATH }, { label: 'Supplier details', href: `${DASHBOARD_PATH}/supplier` });
    if (activeSupplier.isAdmin) {
      links.push({ label: 'Users', href: `${DASHBOARD_PATH}/users` });
    }
  }
  return links;
}
