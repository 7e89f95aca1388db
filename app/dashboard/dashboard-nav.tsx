import { NavLink } from 'react-router';
import type { SupplierSummary } from '../../common/api/user';
import { paths } from './paths';

/** The dashboard's side navigation, under the name of the supplier it works for. */
export function DashboardNav({ supplier }: { supplier: SupplierSummary }) {
  return (
    <nav className="side-nav dashboard-nav" aria-label="Dashboard">
      <p className="dashboard-nav__supplier">
        <span className="dashboard-nav__supplier-label">Supplier</span>
        <span className="dashboard-nav__supplier-name">{supplier.tradingName}</span>
      </p>
      <ul>
        <li>
          <NavLink to={paths.applications()}>Applications</NavLink>
        </li>
        <li>
          <NavLink to={paths.engagementNotices()}>Engagement notices</NavLink>
        </li>
        <li>
          <NavLink to={paths.billingReports()}>Billing reports</NavLink>
        </li>
        <li>
          <NavLink to={paths.supplier()}>Supplier details</NavLink>
        </li>
        {supplier.isAdmin && (
          <li>
            <NavLink to={paths.supplierUsers()}>Users</NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
