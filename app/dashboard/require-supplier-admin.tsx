import { Outlet } from 'react-router';
import { Screen } from '../lib/components/screen';
import { useActiveSupplier } from './active-supplier';

/** Layout route of the user-management screens: only the active supplier's admins pass (spec §6). */
export function RequireSupplierAdmin() {
  const supplier = useActiveSupplier();
  if (!supplier.isAdmin) {
    return (
      <Screen title="Users">
        <p className="notice">You need to be an administrator of this supplier to manage its users.</p>
      </Screen>
    );
  }
  return <Outlet />;
}
