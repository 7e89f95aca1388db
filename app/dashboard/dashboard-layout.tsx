import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppLayout } from '../lib/components/app-side-nav';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { NotAttachedAlert } from '../lib/components/not-attached-alert';
import { Screen } from '../lib/components/screen';
import { SecondFactorNeeded } from '../lib/components/second-factor-needed';
import { lazyComponent } from '../lib/lazy-component';
import { useCurrentUser } from '../lib/use-current-user';
import { ActiveSupplierContext } from '../lib/active-supplier';
import { DashboardNav } from './dashboard-nav';
import { SuspendedSuppliersNotice } from './suspended-suppliers-notice';

/** Read only by a person with no supplier to act for, so loaded then, not with every dashboard screen. */
const NoSupplierHelp = lazyComponent(() => import('./no-supplier-help'));

/**
 * The signed-in dashboard: side navigation and the screen, for the active supplier only. A supplier
 * that asks for two-step verification (issue 29) shows a sign-in without it how to set it up instead.
 */
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
  const { activeSupplier, suspendedSuppliers, suppliers, agencies, signedInWithSecondFactor } = currentUser.data;
  if (!activeSupplier) {
    return (
      <Screen title="Dashboard">
        {/* A person of an agency is attached to it (issue 31): not an error, the help says where to go. */}
        {agencies.length === 0 && <NotAttachedAlert />}
        <SuspendedSuppliersNotice suppliers={suspendedSuppliers} />
        <Suspense fallback={<LoadingState />}>
          <NoSupplierHelp isTeamMember={currentUser.data.user.isTeamMember} agencies={agencies} />
        </Suspense>
      </Screen>
    );
  }
  if (activeSupplier.requiresSecondFactor && !signedInWithSecondFactor) {
    return (
      <SecondFactorNeeded title={`Use two-step verification to open ${activeSupplier.tradingName}’s dashboard`}>
        <p>
          The administrators of {activeSupplier.tradingName} ask everyone who works for it to sign in with two steps: your password, then a passkey or a
          code from an authenticator app. You signed in with your password only.
        </p>
        {suppliers.length > 1 && <p>You can still open your other suppliers’ dashboards: open the menu with your initials at the top of the page and choose one under ‘Switch accounts’.</p>}
      </SecondFactorNeeded>
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
