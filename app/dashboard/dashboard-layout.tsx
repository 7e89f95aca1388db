import { Outlet } from 'react-router';
import { AppLayout } from '../lib/components/app-side-nav';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { NotAttachedAlert } from '../lib/components/not-attached-alert';
import { Screen } from '../lib/components/screen';
import { useCurrentUser } from '../lib/use-current-user';
import { ActiveSupplierContext } from '../lib/active-supplier';
import { DashboardNav } from './dashboard-nav';
import { NoSupplierHelp } from './no-supplier-help';
import { SuspendedSuppliersNotice } from './suspended-suppliers-notice';

/** The signed-in dashboard: side navigation and the screen, for the active supplier only. */
export function DashboardLayout() {
  const currentUser = useCurrentUser();

  if (currentUser.isPending) {
    return <LoadingState label="Loading your dashboard…" />;
  }
  if (currentUser.isError) {
    return (
      <Screen title="Dashboard">
        <ErrorState message="We could not load your account." onRetry={() => void currentUser.refetch()} />
      </Screen>
    );
  }
  const { activeSupplier, suspendedSuppliers } = currentUser.data;
  if (!activeSupplier) {
    return (
      <Screen title="Dashboard">
        <NotAttachedAlert />
        <SuspendedSuppliersNotice suppliers={suspendedSuppliers} />
        <NoSupplierHelp isTeamMember={currentUser.data.user.isTeamMember} />
      </Screen>
    );
  }
  return (
    <ActiveSupplierContext value={activeSupplier}>
      <AppLayout nav={<DashboardNav supplier={activeSupplier} />}>
        <SuspendedSuppliersNotice suppliers={suspendedSuppliers} />
        <Outlet />
      </AppLayout>
    </ActiveSupplierContext>
  );
}
