import { Link, useParams } from 'react-router';
import { Screen } from '../../lib/components/screen';
import { paths } from '../paths';

export function BillingReportsScreen() {
  return (
    <Screen title="Billing reports">
      <p>The billing your supplier has reported against its engagements, and the status of each report.</p>
      <p>
        <Link className="button" to={paths.submitBillingReport()}>
          Submit a billing report
        </Link>
      </p>
    </Screen>
  );
}

export function BillingReportScreen() {
  const { id = '' } = useParams();
  return (
    <Screen title="Billing report">
      <p>The details of billing report {id}.</p>
    </Screen>
  );
}

export function SubmitBillingReportScreen() {
  const { id = '1' } = useParams();
  return (
    <Screen title="Submit a billing report">
      <p className="screen__step">Step {id}</p>
      <p>Report what your supplier billed an agency for an engagement and the services delivered.</p>
    </Screen>
  );
}
