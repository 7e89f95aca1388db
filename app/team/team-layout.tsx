/**
 * The team app's frame: the marketplace team only (the server checks the team role on every call;
 * this says so plainly to anyone else instead of showing screens whose every call would fail),
 * signed in with a second factor (issue 29: a team member signed in with a password alone is shown
 * how to set one up and sign in with it), with its side navigation beside the screen.
 */
import { Outlet } from 'react-router';
import { DASHBOARD_PATH, HOME_PATH } from '../../common/site-paths';
import { AppLayout, AppSideNav } from '../lib/components/app-side-nav';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { SecondFactorNeeded } from '../lib/components/second-factor-needed';
import { getProductTeamName } from '../lib/product-team';
import { useCurrentUser } from '../lib/use-current-user';
import { teamLinks } from './team-links';

export function TeamLayout() {
  const currentUser = useCurrentUser();
  if (currentUser.isPending) {
    return <LoadingState label="Loading the console…" />;
  }
  if (currentUser.isError) {
    return (
      <Screen title="Team console">
        <ErrorState message="We could not load your account. Check your connection and try again." onRetry={() => void currentUser.refetch()} />
      </Screen>
    );
  }
  const { user, activeSupplier } = currentUser.data;
  if (!user.isTeamMember) {
    return (
      <Screen title="Team console">
        <p>
          This console is for the {getProductTeamName()}. You are signed in as {user.name}, who is not a member of the team.
        </p>
        <p>
          {activeSupplier ? <a href={DASHBOARD_PATH}>Go to your dashboard</a> : <a href={HOME_PATH}>Go to the home page</a>}
        </p>
      </Screen>
    );
  }
  if (!currentUser.data.signedInWithSecondFactor) {
    return (
      <SecondFactorNeeded title="Use two-step verification to open the console">
        <p>
          The console shows suppliers’ and agencies’ details, so the {getProductTeamName()} signs in with two steps: your password, then a passkey or a code
          from an authenticator app. You signed in with your password only.
        </p>
      </SecondFactorNeeded>
    );
  }
  return (
    <AppLayout nav={<AppSideNav label="Team console" owner={{ label: 'Signed in as', name: user.name }} menuLabel="Console menu" links={teamLinks} />}>
      <Outlet />
    </AppLayout>
  );
}
