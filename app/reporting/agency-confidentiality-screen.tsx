/**
 * The agency dashboard's /engagement-notices/{id}/open-data (issue 32): whether the engagement can
 * be published as open data, the agency's own answer, until the agency confirms the notice
 * (./confidentiality-form.tsx draws the question for both sides).
 */
import type { AgencyNoticeDetail } from '../../common/api/agency-engagements';
import { getProductTeamName } from '../lib/product-team';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AnswerFormScreen } from './agency-answer-form';
import { NOTICE_WORDS } from './agency-notice-screen';
import { useAgencyNotice, useAgencyNoticeConfidentiality, useReloadAgencyNotices } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { ConfidentialityForm } from './confidentiality-form';

export const TOO_LATE_MESSAGE = 'Your agency has confirmed this engagement, so it is published as open data and this cannot change now.';

export function AgencyConfidentialityScreen() {
  const id = useRecordIdParam();
  const notice = useAgencyNotice(id);
  const saving = useAgencyNoticeConfidentiality(id);
  return (
    <AnswerFormScreen
      id={id}
      record={notice}
      words={NOTICE_WORDS}
      title="Open data"
      canAnswer={(data) => data.confidentiality.canChange}
      answering={saving}
      answeredAlready={TOO_LATE_MESSAGE}
      answerPath={(data) => agencyReportingPaths.engagementNotice(data.id)}
      answerLink="Back to the engagement notice"
    >
      {(data) => <AgencyConfidentialityForm notice={data} saving={saving} />}
    </AnswerFormScreen>
  );
}

function AgencyConfidentialityForm({ notice, saving }: { notice: AgencyNoticeDetail; saving: ReturnType<typeof useAgencyNoticeConfidentiality> }) {
  const reload = useReloadAgencyNotices();
  return (
    <ConfidentialityForm
      caption={
        <>
          {notice.title}, from {notice.supplier.name}
        </>
      }
      ownReason={notice.confidentiality.agencyReason}
      otherSide={{ name: notice.supplier.name, reason: notice.confidentiality.supplierReason }}
      readers={`${notice.supplier.name} and the ${getProductTeamName()}`}
      saving={saving}
      detailPath={agencyReportingPaths.engagementNotice(notice.id)}
      reload={reload}
      tooLate={TOO_LATE_MESSAGE}
    />
  );
}
