import { getProductTeamName } from '../../lib/product-team';
import { paths } from '../paths';
import { NotAvailableListScreen, NotAvailableScreen, type ReportKind } from './not-available-yet';

const billingReports: ReportKind = {
  listTitle: 'Billing reports',
  plural: 'billing reports',
  emailSubject: 'Billing report',
  detailsToSend: [
    'the agency you billed, and the engagement the billing is for',
    'the services you billed for',
    'the period the billing covers',
    'the amount billed, excluding GST',
  ],
  listPath: paths.billingReports(),
};

export function BillingReportsScreen() {
  return (
    <NotAvailableListScreen
      kind={billingReports}
      about={<p>A billing report tells the {getProductTeamName()} what your business has billed agencies for its engagements.</p>}
    />
  );
}

export function BillingReportScreen() {
  return <NotAvailableScreen kind={billingReports} title="Billing report" />;
}
