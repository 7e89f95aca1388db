import { Link, useParams } from 'react-router';
import { Screen } from '../../lib/components/screen';

export function ApplicationsScreen() {
  return (
    <Screen title="Applications">
      <p>Your supplier&apos;s applications to provide services, with the status of each and where to continue.</p>
      <p>
        <Link className="button" to="/applications/apply">
          Start an application
        </Link>
      </p>
    </Screen>
  );
}

export function ApplicationDetailsScreen() {
  const { id = '' } = useParams();
  return (
    <Screen title="Application details">
      <p>The progress of application {id} through assessment, and the messages about it.</p>
      <p>
        <Link to="data">See the answers given in this application</Link>
      </p>
    </Screen>
  );
}

export function ApplicationDataScreen() {
  const { id = '' } = useParams();
  return (
    <Screen title="Application data">
      <p>The answers given in application {id}, as they were submitted.</p>
    </Screen>
  );
}
