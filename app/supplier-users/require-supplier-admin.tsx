import { Link, Outlet } from 'react-router';
import { Screen } from '../lib/components/screen';
import { useActiveSupplier } from '../lib/active-supplier';
import { applicationsPaths } from '../applications/applications-paths';

/** What a member who is not an admin sees instead of the user-management screens (spec §6). */
export const NOT_SUPPLIER_ADMIN_MESSAGE = 'You need to be an administrator of this supplier to manage its users.';

/** Layout route of the user-management screens: only the active supplier's admins pass (spec §6). */
export function RequireSupplierAdmin() {
  const supplier = useActiveSupplier();
  if (!supplier.isAdmin) {
    return (
      <Screen title="Users">
        <p className="notice">{NOT_SUPPLIER_ADMIN_MESSAGE}</p>
        <p>
          Ask an administrator of {supplier.tradingName} if you need a person added or removed.{' '}
          <Link to={applicationsPaths.applications()}>Go to your applications</Link>
        </p>
      </Screen>
    );
  }
  return <Outlet />;
}
