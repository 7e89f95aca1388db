/** The console's home: what the team has waiting. */
import { Screen } from '../lib/components/screen';
import { getProductTeamName } from '../lib/product-team';

export function ConsoleHomeScreen() {
  return (
    <Screen title="Team console">
      <p>The work waiting for the {getProductTeamName()}, oldest first.</p>
    </Screen>
  );
}
