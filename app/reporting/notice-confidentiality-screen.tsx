/**
 * The dashboard's /engagement-notices/engagement-notice/{id}/open-data (issue 32): whether the
 * engagement can be published as open data, the supplier's own answer, from submitting the notice
 * until its agency confirms it (./confidentiality-form.tsx draws the question for both sides).
 */
import { Link } from 'react-router';
import type { EngagementNoticeResponse } from '../../common/api/engagement-notices';
import { getProductTeamName } from '../lib/product-team';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AnswerFormScreen } from './agency-answer-form';
import type { RecordWords } from './agency-answer-screen';
import { ConfidentialityForm } from './confidentiality-form';
import { noticeName } from './list-params';
import { useNoticeConfidentiality, useRecord } from './reporting-api';
import { engagementNoticeKind } from './reporting-kinds';
import { reportingPaths } from './reporting-paths';

export const SUPPLIER_TOO_LATE_MESSAGE = 'The agency has confirmed this engagement, or it was withdrawn, so whether it is published cannot change now.';

const WORDS: RecordWords = {
  noun: engagementNoticeKind.noun,
  missing: `There is no such ${engagementNoticeKind.noun} among your supplier’s ${engagementNoticeKind.plural}.`,
  backLink: <Link to={engagementNoticeKind.listPath}>Back to your {engagementNoticeKind.plural}</Link>,
};

export function NoticeConfidentialityScreen() {
  const id = useRecordIdParam();
  const notice = useRecord(engagementNoticeKind, id);
  const saving = useNoticeConfidentiality(id);
  return (
    <AnswerFormScreen
      id={id}
      record={notice}
      words={WORDS}
      title="Open data"
      canAnswer={(data) => data.confidentiality.canChange}
      answering={saving}
      answeredAlready={SUPPLIER_TOO_LATE_MESSAGE}
      answerPath={(data) => reportingPaths.engagementNotice(data.id)}
      answerLink="Back to the engagement notice"
    >
      {(data) => <NoticeConfidentialityForm notice={data} saving={saving} reload={notice.refetch} />}
    </AnswerFormScreen>
  );
}

interface FormProps {
  notice: EngagementNoticeResponse;
  saving: ReturnType<typeof useNoticeConfidentiality>;
  /** Reads the notice again: after a refusal (409), it shows as it now is. */
  reload: () => Promise<unknown>;
}

function NoticeConfidentialityForm({ notice, saving, reload }: FormProps) {
  const agency = notice.agency?.name ?? 'The agency';
  return (
    <ConfidentialityForm
      caption={<>Engagement notice: {noticeName(notice)}</>}
      ownReason={notice.confidentiality.supplierReason}
      otherSide={{ name: agency, reason: notice.confidentiality.agencyReason }}
      readers={`${agency} and the ${getProductTeamName()}`}
      saving={saving}
      detailPath={reportingPaths.engagementNotice(notice.id)}
      reload={reload}
      tooLate={SUPPLIER_TOO_LATE_MESSAGE}
    />
  );
}
