/** The submission of an engagement notice or a billing report (being built). */
import { NotAvailableScreen } from './not-available-yet';
import { paths } from '../paths';

export function SubmitEngagementNoticeScreen() {
  return (
    <NotAvailableScreen
      kind={{ listTitle: 'Engagement notices', plural: 'engagement notices', emailSubject: 'Engagement notice', detailsToSend: [], listPath: paths.engagementNotices() }}
      title="Submit an engagement notice"
    />
  );
}

export function SubmitBillingReportScreen() {
  return (
    <NotAvailableScreen
      kind={{ listTitle: 'Billing reports', plural: 'billing reports', emailSubject: 'Billing report', detailsToSend: [], listPath: paths.billingReports() }}
      title="Submit a billing report"
    />
  );
}
