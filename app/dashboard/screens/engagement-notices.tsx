import { Link, useParams } from 'react-router';
import { Screen } from '../../lib/components/screen';
import { paths } from '../paths';

export function EngagementNoticesScreen() {
  return (
    <Screen title="Engagement notices">
      <p>The engagements with agencies your supplier has reported, and their status.</p>
      <p>
        <Link className="button" to={paths.submitEngagementNotice()}>
          Submit an engagement notice
        </Link>
      </p>
    </Screen>
  );
}

export function EngagementNoticeScreen() {
  const { id = '' } = useParams();
  return (
    <Screen title="Engagement notice">
      <p>The details of engagement notice {id}, and the option to withdraw it.</p>
    </Screen>
  );
}

export function SubmitEngagementNoticeScreen() {
  const { id = '1' } = useParams();
  return (
    <Screen title="Submit an engagement notice">
      <p className="screen__step">Step {id}</p>
      <p>Tell us about a new engagement with an agency: the agency, the services and the value of the work.</p>
    </Screen>
  );
}
