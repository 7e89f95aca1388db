import { Outlet } from 'react-router';
import { ActiveAgencyContext } from '../lib/active-agency';
import { AppLayout } from '../lib/components/app-side-nav';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useCurrentUser } from '../lib/use-current-user';
import { AgencyDashboardNav } from './agency-dashboard-nav';
import { NoAgencyHelp } from './no-agency-help';

/**
 * The signed-in agency dashboard (issue 31): side navigation and the screen, for the active agency
 * only; a person who acts for no agency is told why and what to do instead.
 */
export function AgencyDashboardLayout() {
  const currentUser = useCurrentUser();

  if (currentUser.isPending) {
    return <LoadingState label="Loading your agency dashboard…" />;
  }
  if (currentUser.isError) {
    return (
      <Screen title="Agency dashboard">
        <ErrorState message="We could not load your account." onRetry={() => void currentUser.refetch()} />
      </Screen>
    );
  }
  const { activeAgency, agencies, activeSupplier, user } = currentUser.data;
  if (!activeAgency) {
    return (
      <Screen title="Agency dashboard">
        <NoAgencyHelp agencies={agencies} isTeamMember={user.isTeamMember} hasActiveSupplier={activeSupplier !== null} />
      </Screen>
    );
  }
  return (
    <ActiveAgencyContext value={activeAgency}>
      <AppLayout nav={<AgencyDashboardNav agency={activeAgency} />}>
        <Outlet />
      </AppLayout>
    </ActiveAgencyContext>
  );
}
