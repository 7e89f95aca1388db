import { getProductTeamName } from '../../lib/product-team';
import { paths } from '../paths';
import { NotAvailableListScreen, NotAvailableScreen, type ReportKind } from './not-available-yet';

const engagementNotices: ReportKind = {
  listTitle: 'Engagement notices',
  plural: 'engagement notices',
  emailSubject: 'Engagement notice',
  detailsToSend: [
    'the agency that engaged you, and the name of your contact there',
    'the services you are providing',
    'the start and end dates of the work',
    'the value of the work, excluding GST',
  ],
  listPath: paths.engagementNotices(),
};

export function EngagementNoticesScreen() {
  return (
    <NotAvailableListScreen
      kind={engagementNotices}
      about={<p>An engagement notice tells the {getProductTeamName()} that an agency has engaged your business for services you are approved for.</p>}
    />
  );
}

export function EngagementNoticeScreen() {
  return <NotAvailableScreen kind={engagementNotices} title="Engagement notice" />;
}
