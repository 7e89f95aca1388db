/**
 * The team app's /engagement-notices/{id}: one supplier's submitted or withdrawn notice as the team
 * reads it: whose it is, its key facts (the supplier's details screen's, the agency's answer among
 * them), what has been billed against its value, its status history and every answer as
 * submitted.
 */
import '../styles/lists.css';
import '../styles/reporting.css';
import { Link } from 'react-router';
import type { TeamEngagementNotice } from '../../common/api/engagement-notices';
import { billingSentence, noticeFacts } from './engagement-notice-details';
import { noticeName } from './list-params';
import { RecordAnswers } from './record-details';
import { FactsList } from '../lib/lists/facts-list';
import { TeamRecordScreen } from './team-record-screen';
import { StatusHistory } from './status-history';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { teamSourceLabel } from './team-source-labels';
import { useTeamNotice } from './team-reporting-api';
import { teamReportingPaths } from './team-reporting-paths';

const backLink = <Link to={teamReportingPaths.engagementNotices()}>Back to the engagement notices</Link>;

export function TeamNoticeScreen() {
  const id = useRecordIdParam();
  const notice = useTeamNotice(id, id > 0);
  return (
    <TeamRecordScreen<TeamEngagementNotice> title="Engagement notice" noun="engagement notice" listLink={backLink} record={notice}>
      {(loaded) => <TeamNoticeDetails notice={loaded} />}
    </TeamRecordScreen>
  );
}

function TeamNoticeDetails({ notice }: { notice: TeamEngagementNotice }) {
  const name = noticeName(notice);
  return (
    <>
      <p className="reporting-lead">{name}</p>
      <FactsList facts={[['Supplier', notice.supplier.name], ...noticeFacts(notice)]} />
      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading">Billing so far</h2>
        <p>{billingSentence(notice.billing)}</p>
        <p>
          <Link to={teamReportingPaths.billingReports(`?engagementNotice=${String(notice.id)}`)}>
            See the billing reports for this notice
          </Link>
        </p>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Status history</h2>
        <StatusHistory history={notice.statusHistory} noun="engagement notice" />
      </section>
      <RecordAnswers record={notice} title="Answers as submitted" sourceLabel={teamSourceLabel(notice)} />
      <ul className="plain-list team-record-links">
        <li>
          <Link to={teamReportingPaths.engagementNotices(`?supplier=${String(notice.supplier.id)}`)}>
            See every engagement notice of {notice.supplier.name}
          </Link>
        </li>
        {notice.agency !== null && (
          <li>
            <Link to={teamReportingPaths.billingReports(`?agency=${String(notice.agency.id)}`)}>See every billing report for {notice.agency.name}</Link>
          </li>
        )}
        <li>{backLink}</li>
      </ul>
    </>
  );
}
