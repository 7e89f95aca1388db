/**
 * The agency dashboard's /engagement-notices/{id}/dispute (issue 31): disputing a notice that waits
 * for the agency's answer, in the GOV.UK question-page pattern: the question as the h1 and legend,
 * the reason as stacked radios, then what is wrong in the agency's own words (with a character
 * count). Problems show in an error summary in page order and by their fields, the server's too;
 * once sent, back to the notice, saying so. A notice already answered cannot be disputed here.
 */
import { useId, useState } from 'react';
import type { AgencyNoticeDetail } from '../../common/api/agency-engagements';
import type { FieldError } from '../../common/forms/definition';
import { canDispute, DISPUTE_DETAILS_MAX_LENGTH, DISPUTE_REASONS, disputeProblem, type DisputeReason } from '../../common/reporting/agency-responses';
import { getProductTeamName } from '../lib/product-team';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AnswerForm, AnswerFormScreen, fieldProblem, useAnswerSubmission, WordsField } from './agency-answer-form';
import { NOTICE_WORDS } from './agency-notice-screen';
import { useAgencyNotice, useDisputeNotice, useReloadAgencyNotices } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { ALREADY_ANSWERED_MESSAGE } from './agency-response';

export const DISPUTE_QUESTION = 'Why are you disputing this engagement?';
export const CHOOSE_DISPUTE_REASON_MESSAGE = 'Select why you are disputing this engagement';
const SCREEN_TITLE = 'Dispute this engagement';

export interface DisputeProblems {
  reason?: string;
  details?: string;
}

/** What is wrong with the form's answers, in page order: none when the dispute may be sent. */
export function disputeFormProblems(reason: DisputeReason | undefined, details: string): DisputeProblems {
  const detailsProblem = disputeProblem(details);
  return {
    ...(reason === undefined ? { reason: CHOOSE_DISPUTE_REASON_MESSAGE } : {}),
    ...(detailsProblem === null ? {} : { details: detailsProblem }),
  };
}

export function AgencyDisputeScreen() {
  const id = useRecordIdParam();
  const notice = useAgencyNotice(id);
  // Here, not in the form: the notice shows disputed before the form's own callbacks would run.
  const dispute = useDisputeNotice(id);
  return (
    <AnswerFormScreen
      id={id}
      record={notice}
      words={NOTICE_WORDS}
      title={SCREEN_TITLE}
      canAnswer={(data) => canDispute(data.response.status)}
      answering={dispute}
      answeredAlready="Your agency has already answered this engagement notice, so it cannot be disputed now."
      answerPath={(data) => agencyReportingPaths.engagementNotice(data.id)}
    >
      {(data) => <DisputeForm notice={data} dispute={dispute} />}
    </AnswerFormScreen>
  );
}

function DisputeForm({ notice, dispute }: { notice: AgencyNoticeDetail; dispute: ReturnType<typeof useDisputeNotice> }) {
  const reload = useReloadAgencyNotices();
  const [reason, setReason] = useState<DisputeReason | undefined>();
  const [details, setDetails] = useState('');
  const [problems, setProblems] = useState<DisputeProblems>({});
  const ids = useId();
  const reasonsId = `${ids}-reasons`;
  const reasonHintId = `${ids}-reasons-hint`;
  const reasonErrorId = `${ids}-reasons-error`;
  const detailsId = `${ids}-details`;
  const team = getProductTeamName();
  const detailPath = agencyReportingPaths.engagementNotice(notice.id);
  const { summaryRef, serverError, submit } = useAnswerSubmission({ answering: dispute, detailPath, alreadyAnswered: ALREADY_ANSWERED_MESSAGE, reload });

  const check = () => {
    const found = disputeFormProblems(reason, details);
    setProblems(found);
    return reason === undefined || found.details !== undefined ? undefined : { reason, details: details.trim() };
  };
  const serverProblems = (fields: FieldError[]) => {
    const reasonProblem = fieldProblem(fields, 'reason');
    const detailsProblem = fieldProblem(fields, 'details');
    if (reasonProblem === undefined && detailsProblem === undefined) {
      return false;
    }
    setProblems({ ...(reasonProblem === undefined ? {} : { reason: reasonProblem }), ...(detailsProblem === undefined ? {} : { details: detailsProblem }) });
    return true;
  };
  const sent = `You disputed this engagement. ${notice.supplier.name} and the ${team} can now read why, and reply to you on this page.`;

  return (
    <AnswerForm
      summaryRef={summaryRef}
      serverError={serverError}
      problems={[
        ...(problems.reason ? [{ fieldId: reasonsId, message: problems.reason }] : []),
        ...(problems.details ? [{ fieldId: detailsId, message: problems.details }] : []),
      ]}
      caption={
        <>
          {notice.title}, from {notice.supplier.name}
        </>
      }
      onSubmit={(event) => submit(event, check, sent, serverProblems)}
      isPending={dispute.isPending}
      submitLabel={SCREEN_TITLE}
      cancelPath={detailPath}
    >
      <div className={`form-field${problems.reason ? ' form-field--error' : ''}`}>
        <fieldset className="radios" id={reasonsId} aria-describedby={problems.reason ? `${reasonHintId} ${reasonErrorId}` : reasonHintId}>
          <legend className="radios__legend">
            <h1>{DISPUTE_QUESTION}</h1>
          </legend>
          <p className="form-field__hint" id={reasonHintId}>
            Choose the reason closest to what is wrong with the engagement notice {notice.supplier.name} sent.
          </p>
          {problems.reason && (
            <p className="form-field__error" id={reasonErrorId}>
              <span className="visually-hidden">Error: </span>
              {problems.reason}
            </p>
          )}
          <div className="choice-list">
            {DISPUTE_REASONS.map((option) => {
              const optionId = `${ids}-reason-${option.code}`;
              return (
                <div className="choice" key={option.code}>
                  <input
                    className="choice__input"
                    type="radio"
                    id={optionId}
                    name={`${ids}-reason`}
                    value={option.code}
                    checked={reason === option.code}
                    onChange={() => setReason(option.code)}
                  />
                  <label className="choice__label" htmlFor={optionId}>
                    {option.label}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      </div>
      <WordsField
        id={detailsId}
        label="What is wrong"
        hint={
          <>
            Say what is wrong and what your agency engaged the supplier for, if anything. {notice.supplier.name} and the {team} will read this. You can
            enter up to {DISPUTE_DETAILS_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </>
        }
        problem={problems.details}
        value={details}
        onChange={setDetails}
        maximum={DISPUTE_DETAILS_MAX_LENGTH}
      />
    </AnswerForm>
  );
}
