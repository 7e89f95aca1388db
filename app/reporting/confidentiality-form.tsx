/**
 * Can this engagement be published as open data? (issue 32): the question page the supplier
 * (./notice-confidentiality-screen.tsx) and the agency (./agency-confidentiality-screen.tsx) each
 * answer for their own side, until the agency confirms the notice. The question is the h1 and the
 * legend, the two answers stacked radios, and the reason is revealed under "No" (GOV.UK conditional
 * reveal) with its character count. Problems show in an error summary in page order, the server's
 * too; once saved, back to the notice, saying what now happens.
 */
import { useId, useState, type ReactNode } from 'react';
import type { ConfidentialityRequest } from '../../common/api/confidentiality';
import type { FieldError } from '../../common/forms/definition';
import {
  CONFIDENTIAL_ANSWER,
  CONFIDENTIAL_REASON_MAX_LENGTH,
  CONFIDENTIALITY_QUESTION,
  confidentialityProblem,
  PUBLISH_ANSWER,
} from '../../common/reporting/confidentiality';
import { AnswerForm, fieldProblem, useAnswerSubmission, WordsField, type Answering } from './agency-answer-form';

export const CHOOSE_CONFIDENTIALITY_MESSAGE = 'Select whether this engagement can be published as open data';
export const SAVE_CONFIDENTIALITY_ACTION = 'Save your answer';

type Answer = 'publish' | 'confidential';

interface ConfidentialityFormProps {
  caption: ReactNode;
  /** This side's reason as stored; null when it has not marked the engagement confidential. */
  ownReason: string | null;
  /** The other side (the supplier's name, or the agency's) and its reason, if it marked the engagement confidential. */
  otherSide: { name: string; reason: string | null };
  /** Who reads the reason, for the hint ("the agency and the marketplace team"). */
  readers: string;
  saving: Answering<ConfidentialityRequest>;
  detailPath: string;
  reload: () => Promise<unknown>;
  /** The refusal once the agency confirmed or the notice was withdrawn meanwhile (409). */
  tooLate: string;
}

export function ConfidentialityForm({ caption, ownReason, otherSide, readers, saving, detailPath, reload, tooLate }: ConfidentialityFormProps) {
  const [answer, setAnswer] = useState<Answer>(ownReason === null ? 'publish' : 'confidential');
  const [reason, setReason] = useState(ownReason ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const ids = useId();
  const answersId = `${ids}-answers`;
  const hintId = `${ids}-hint`;
  const reasonId = `${ids}-reason`;
  const revealId = `${ids}-reveal`;
  const { summaryRef, serverError, submit } = useAnswerSubmission({ answering: saving, detailPath, alreadyAnswered: tooLate, reload });

  const check = (): ConfidentialityRequest | undefined => {
    const confidential = answer === 'confidential';
    const found = confidentialityProblem(confidential, reason) ?? undefined;
    setProblem(found);
    if (found !== undefined) {
      return undefined;
    }
    return confidential ? { confidential, reason: reason.trim() } : { confidential };
  };
  const serverProblems = (fields: FieldError[]) => {
    const found = fieldProblem(fields, 'reason');
    setProblem(found);
    return found !== undefined;
  };
  const saved =
    answer === 'confidential'
      ? 'You marked this engagement confidential. It will not be published as open data.'
      : 'You said this engagement can be published. It will be published as open data once the agency confirms it, unless the other side marks it confidential.';

  return (
    <AnswerForm
      summaryRef={summaryRef}
      serverError={serverError}
      problems={problem ? [{ fieldId: reasonId, message: problem }] : []}
      caption={caption}
      onSubmit={(event) => submit(event, check, saved, serverProblems)}
      isPending={saving.isPending}
      submitLabel={SAVE_CONFIDENTIALITY_ACTION}
      cancelPath={detailPath}
    >
      <div className="form-field">
        <fieldset className="radios" id={answersId} aria-describedby={hintId}>
          <legend className="radios__legend">
            <h1>{CONFIDENTIALITY_QUESTION}</h1>
          </legend>
          <div className="form-field__hint" id={hintId}>
            <p>
              Once the agency confirms an engagement, the marketplace publishes it as open data: the agency, the supplier, the services, the dates, the
              value and each month&apos;s confirmed billing. Mark it confidential only when publishing it would harm national security, someone&apos;s
              safety or a commercial interest. You cannot change this after the agency confirms the engagement.
            </p>
            {otherSide.reason !== null && (
              // Their words as they wrote them, wrapped anywhere on a narrow screen.
              <p className="reporting-notes">
                {otherSide.name} has marked it confidential: ‘{otherSide.reason}’
              </p>
            )}
          </div>
          <div className="choice-list">
            <div className="choice">
              <input
                className="choice__input"
                type="radio"
                id={`${ids}-publish`}
                name={`${ids}-answer`}
                value="publish"
                checked={answer === 'publish'}
                onChange={() => setAnswer('publish')}
              />
              <label className="choice__label" htmlFor={`${ids}-publish`}>
                {PUBLISH_ANSWER}
              </label>
            </div>
            <div className="choice">
              <input
                className="choice__input"
                type="radio"
                id={`${ids}-confidential`}
                name={`${ids}-answer`}
                value="confidential"
                checked={answer === 'confidential'}
                onChange={() => setAnswer('confidential')}
                aria-controls={revealId}
              />
              <label className="choice__label" htmlFor={`${ids}-confidential`}>
                {CONFIDENTIAL_ANSWER}
              </label>
            </div>
            {/* Always there (aria-controls names it); shown while "No" is chosen. */}
            <div className="radios__conditional" id={revealId} hidden={answer !== 'confidential'}>
              <WordsField
                id={reasonId}
                label="Why is it confidential?"
                hint={
                  <>
                    {readers} will read this. You can enter up to {CONFIDENTIAL_REASON_MAX_LENGTH.toLocaleString('en-NZ')} characters.
                  </>
                }
                problem={problem}
                value={reason}
                onChange={setReason}
                maximum={CONFIDENTIAL_REASON_MAX_LENGTH}
              />
            </div>
          </div>
        </fieldset>
      </div>
    </AnswerForm>
  );
}
