import type { SupplierSummary } from '../../common/api/user';
import { AppSideNav } from '../lib/components/app-side-nav';
import { applicationsPaths } from '../applications/applications-paths';
import { listingsPaths } from '../listings/listings-paths';
import { reportingPaths } from '../reporting/reporting-paths';
import { supplierDetailsPaths } from '../supplier-details/supplier-details-paths';
import { supplierUsersPaths } from '../supplier-users/supplier-users-paths';
import { supplierMessagesLink } from '../threads/supplier-messages-routes';

/** The dashboard's side navigation, under the name of the supplier it works for; Users for its admins only. */
export function DashboardNav({ supplier }: { supplier: SupplierSummary }) {
  return (
    <AppSideNav
      label="Dashboard"
      owner={{ label: 'Supplier', name: supplier.tradingName }}
      menuLabel="Dashboard menu"
      links={[
        { to: applicationsPaths.applications(), label: 'Applications' },
        { to: listingsPaths.listings(), label: 'Service listings' },
        { to: reportingPaths.engagementNotices(), label: 'Engagement notices' },
        { to: reportingPaths.billingReports(), label: 'Billing reports' },
        { to: supplierDetailsPaths.supplier(), label: 'Supplier details' },
        supplierMessagesLink,
        ...(supplier.isAdmin ? [{ to: supplierUsersPaths.supplierUsers(), label: 'Users' }] : []),
      ]}
    />
  );
}
