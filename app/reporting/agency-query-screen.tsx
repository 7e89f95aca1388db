/**
 * The agency dashboard's /billing-reports/{id}/query (issue 31): querying the amount of a billing
 * report that waits for the agency's answer, in the GOV.UK question-page pattern: one question,
 * what is wrong with the amount in the agency's own words (with a character count).
 * A problem shows in an error summary and by the field, the server's too; once sent, back to the
 * report, saying so, where the query's conversation opens. A report already answered cannot be
 * queried here.
 */
import { useId, useState } from 'react';
import type { AgencyBillingReportDetail } from '../../common/api/agency-engagements';
import type { FieldError } from '../../common/forms/definition';
import { formatCents } from '../../common/money';
import { canQueryReport, QUERY_DETAILS_MAX_LENGTH, queryProblem } from '../../common/reporting/agency-responses';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { getProductTeamName } from '../lib/product-team';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AnswerForm, AnswerFormScreen, fieldProblem, useAnswerSubmission, WordsField } from './agency-answer-form';
import { REPORT_WORDS } from './agency-report-screen';
import { useAgencyReport, useQueryReport, useReloadAgencyReports } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { REPORT_ALREADY_ANSWERED_MESSAGE } from './agency-response';

export const QUERY_LABEL = 'What is wrong with the amount';
export const QUERY_SUBMIT = 'Query the amount';
export const QUERY_SCREEN_TITLE = 'Query the amount billed';
const SCREEN_TITLE = QUERY_SCREEN_TITLE;

export function AgencyQueryScreen() {
  const id = useRecordIdParam();
  const report = useAgencyReport(id);
  // Here, not in the form: the report shows queried before the form's own callbacks would run.
  const query = useQueryReport(id);
  return (
    <AnswerFormScreen
      id={id}
      record={report}
      words={REPORT_WORDS}
      title={SCREEN_TITLE}
      canAnswer={(data) => canQueryReport(data.response.status)}
      answering={query}
      answeredAlready="Your agency has already answered this billing report, so its amount cannot be queried now."
      answerPath={(data) => agencyReportingPaths.billingReport(data.id)}
    >
      {(data) => <QueryForm report={data} query={query} />}
    </AnswerFormScreen>
  );
}

function QueryForm({ report, query }: { report: AgencyBillingReportDetail; query: ReturnType<typeof useQueryReport> }) {
  const reload = useReloadAgencyReports();
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const detailsId = `${useId()}-details`;
  const team = getProductTeamName();
  const detailPath = agencyReportingPaths.billingReport(report.id);
  const month = billingPeriodLabel(report.billingPeriod);
  const { summaryRef, serverError, submit } = useAnswerSubmission({ answering: query, detailPath, alreadyAnswered: REPORT_ALREADY_ANSWERED_MESSAGE, reload });

  const check = () => {
    const found = queryProblem(details) ?? undefined;
    setProblem(found);
    return found === undefined ? { details: details.trim() } : undefined;
  };
  const serverProblems = (fields: FieldError[]) => {
    const detailsProblem = fieldProblem(fields, 'details');
    if (detailsProblem !== undefined) {
      setProblem(detailsProblem);
    }
    return detailsProblem !== undefined;
  };
  const sent = `You queried the amount. ${report.supplier.name} and the ${team} can now read what is wrong, and reply to you on this page.`;

  return (
    <AnswerForm
      summaryRef={summaryRef}
      serverError={serverError}
      problems={problem ? [{ fieldId: detailsId, message: problem }] : []}
      caption={
        <>
          {month}, {report.engagementNotice.title}, from {report.supplier.name}: {formatCents(report.amountCents)} excluding GST
        </>
      }
      intro={
        <>
          <h1>{SCREEN_TITLE}</h1>
          <p>
            Query the amount if it is not what your agency expected to pay. The supplier and the {team} can then reply to you on the report&apos;s page.
            Once it is settled, you confirm the amount there.
          </p>
        </>
      }
      onSubmit={(event) => submit(event, check, sent, serverProblems)}
      isPending={query.isPending}
      submitLabel={QUERY_SUBMIT}
      cancelPath={detailPath}
    >
      <WordsField
        id={detailsId}
        label={QUERY_LABEL}
        hint={
          <>
            Say what your agency expected to pay for {month} and why, for example the days or the services you think were billed wrongly.{' '}
            {report.supplier.name} and the {team} will read this. You can enter up to {QUERY_DETAILS_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </>
        }
        problem={problem}
        value={details}
        onChange={setDetails}
        maximum={QUERY_DETAILS_MAX_LENGTH}
      />
    </AnswerForm>
  );
}
