/**
 * Where the team's tools will be (`/admin`): until the team's console is built, an honest page
 * that says so and how the team works today, so the dashboard's link for a team member leads somewhere.
 */
import { API_PREFIX, HOME_PATH } from '../../../common/site-paths';

export function TeamToolsPage({ productName }: { productName: string }) {
  return (
    <div className="container">
      <h1>The {productName} team&apos;s tools</h1>
      <p>
        The team&apos;s console is not available yet. It will hold the queues of registrations, applications and
        messages, the reviews and decisions on them, the catalogue, the suppliers and the audit log.
      </p>
      <h2>Until it is ready</h2>
      <p>
        Team members move applications through their stages, decide on the services they request, and answer
        suppliers&apos; messages through the team&apos;s interface for other systems, under{' '}
        <code>{API_PREFIX}/admin/</code>, signed in as a team member. It is described at{' '}
        <a href={`${API_PREFIX}/openapi.json`}>{`${API_PREFIX}/openapi.json`}</a>.
      </p>
      <p>
        <a href={HOME_PATH}>Go to the home page</a>
      </p>
    </div>
  );
}
