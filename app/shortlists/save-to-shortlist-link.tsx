/**
 * "Save to a shortlist" on the public directory's pages (issue 31): for a signed-in person acting
 * for an agency, a link to the agency dashboard's page that saves this supplier to a shortlist;
 * nothing for anyone else. Public pages render without the sign-in state, so it reads the user the
 * header fetched.
 */
import { AGENCY_DASHBOARD_PATH } from '../../common/site-paths';
import { useKnownCurrentUser } from '../lib/known-current-user';
import { shortlistsPaths } from './shortlists-paths';

export function SaveToShortlistLink({ supplierId, supplierName }: { supplierId: number; supplierName: string }) {
  const currentUser = useKnownCurrentUser();
  if (!currentUser?.activeAgency) {
    return null;
  }
  return (
    <a className="button button--secondary save-to-shortlist" href={`${AGENCY_DASHBOARD_PATH}${shortlistsPaths.saveSupplier(supplierId)}`}>
      Save<span className="visually-hidden"> {supplierName}</span> to a shortlist
    </a>
  );
}
