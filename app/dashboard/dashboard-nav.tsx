import type { SupplierSummary } from '../../common/api/user';
import { AppSideNav } from '../lib/components/app-side-nav';
import { paths } from './paths';

/** The dashboard's side navigation, under the name of the supplier it works for; Users for its admins only. */
export function DashboardNav({ supplier }: { supplier: SupplierSummary }) {
  return (
    <AppSideNav
      label="Dashboard"
      owner={{ label: 'Supplier', name: supplier.tradingName }}
      menuLabel="Dashboard menu"
      links={[
        { to: paths.applications(), label: 'Applications' },
        { to: paths.engagementNotices(), label: 'Engagement notices' },
        { to: paths.billingReports(), label: 'Billing reports' },
        { to: paths.supplier(), label: 'Supplier details' },
        ...(supplier.isAdmin ? [{ to: paths.supplierUsers(), label: 'Users' }] : []),
      ]}
    />
  );
}
