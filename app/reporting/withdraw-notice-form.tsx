/**
 * Withdrawing a submitted engagement notice: the reason as GOV.UK stacked radios, with a text box
 * revealed under 'Other' for the supplier's own words (required, at most
 * WITHDRAWN_REASON_OTHER_MAX_LENGTH characters). Problems show in an error summary and on the
 * field, the server's refusals (400, 409) too.
 */
import '../styles/form-widgets.css';
import '../styles/reporting.css';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import type { EngagementNoticeResponse } from '../../common/api/engagement-notices';
import { WITHDRAWN_REASON_OTHER_MAX_LENGTH, WITHDRAWN_REASONS, withdrawalProblem, type WithdrawnReason } from '../../common/reporting/engagement-notices';
import { describeApiFailure, fieldProblemsOf } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { useWithdrawNotice } from './reporting-api';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

export const CHOOSE_REASON_MESSAGE = 'Select why you are withdrawing this engagement notice';
export const REASON_TOO_LONG_MESSAGE = `Your reason must be ${WITHDRAWN_REASON_OTHER_MAX_LENGTH.toLocaleString('en-NZ')} characters or fewer`;

export interface WithdrawProblems {
  reason?: string;
  other?: string;
}

/** What is wrong with the form's answers: none when the withdrawal may be sent. */
export function withdrawFormProblems(reason: WithdrawnReason | undefined, other: string): WithdrawProblems {
  if (reason === undefined) {
    return { reason: CHOOSE_REASON_MESSAGE };
  }
  const problem = withdrawalProblem(reason, other);
  if (problem !== null) {
    return { other: problem };
  }
  if (reason === 'other' && other.trim().length > WITHDRAWN_REASON_OTHER_MAX_LENGTH) {
    return { other: REASON_TOO_LONG_MESSAGE };
  }
  return {};
}

export function WithdrawNoticeForm({
  notice,
  onWithdrawn,
  onCancel,
}: {
  notice: Pick<EngagementNoticeResponse, 'id'>;
  onWithdrawn: () => void;
  onCancel: () => void;
}) {
  const withdrawal = useWithdrawNotice();
  const [reason, setReason] = useState<WithdrawnReason | undefined>();
  const [other, setOther] = useState('');
  const [problems, setProblems] = useState<WithdrawProblems>({});
  const [serverError, setServerError] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const reasonsId = `${ids}-reasons`;
  const otherId = `${ids}-other`;
  const otherHintId = `${ids}-other-hint`;
  const otherErrorId = `${ids}-other-error`;
  const reasonErrorId = `${ids}-reason-error`;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdrawal.isPending) {
      return;
    }
    const found = withdrawFormProblems(reason, other);
    setProblems(found);
    setServerError(undefined);
    if (reason === undefined || found.reason !== undefined || found.other !== undefined) {
      // The summary takes focus itself when its errors change; again on a repeated submit.
      focusAfterRender(summaryRef);
      return;
    }
    const text = other.trim();
    withdrawal.mutate(
      { id: notice.id, request: { withdrawnReason: reason, ...(reason === 'other' ? { withdrawnReasonOther: text } : {}) } },
      {
        onSuccess: onWithdrawn,
        onError: (error) => {
          const fields = fieldProblemsOf(error, ['withdrawnReason', 'withdrawnReasonOther'] as const);
          if (fields?.withdrawnReasonOther !== undefined || fields?.withdrawnReason !== undefined) {
            setProblems({ reason: fields.withdrawnReason, other: fields.withdrawnReasonOther });
          } else {
            setServerError(describeApiFailure(error));
          }
          focusAfterRender(summaryRef);
        },
      },
    );
  };

  const summary: SummaryError[] = [
    ...(problems.reason ? [{ fieldId: reasonsId, message: problems.reason }] : []),
    ...(problems.other ? [{ fieldId: otherId, message: problems.other }] : []),
    ...(serverError ? [{ message: serverError }] : []),
  ];

  return (
    <section className="withdraw-form" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
        Withdraw this engagement notice
      </h2>
      <ErrorSummary errors={summary} headingLevel={3} ref={summaryRef} />
      <p>Withdraw a notice when the engagement will not go ahead as you told us. A withdrawn notice cannot be billed against or submitted again.</p>
      <form noValidate onSubmit={submit}>
        <div className={`form-field${problems.reason ? ' form-field--error' : ''}`}>
          <fieldset className="radios" id={reasonsId} aria-describedby={problems.reason ? reasonErrorId : undefined}>
            <legend className="form-field__label radios__legend">Why are you withdrawing this engagement notice?</legend>
            {problems.reason && (
              <p className="form-field__error" id={reasonErrorId}>
                <span className="visually-hidden">Error: </span>
                {problems.reason}
              </p>
            )}
            <div className="choice-list">
              {WITHDRAWN_REASONS.map((option) => {
                const optionId = `${ids}-reason-${option.code}`;
                return (
                  <div key={option.code}>
                    <div className="choice">
                      <input
                        className="choice__input"
                        type="radio"
                        id={optionId}
                        name={`${ids}-reason`}
                        value={option.code}
                        checked={reason === option.code}
                        onChange={() => setReason(option.code)}
                        aria-controls={option.code === 'other' ? `${ids}-other-reveal` : undefined}
                      />
                      <label className="choice__label" htmlFor={optionId}>
                        {option.label}
                      </label>
                    </div>
                    {option.code === 'other' && (
                      // Always there (aria-controls names it); shown while Other is chosen.
                      <div className="radios__conditional" id={`${ids}-other-reveal`} hidden={reason !== 'other'}>
                        <div className={`form-field${problems.other ? ' form-field--error' : ''}`}>
                          <label className="form-field__label" htmlFor={otherId}>
                            Tell us why
                          </label>
                          <p className="form-field__hint" id={otherHintId}>
                            You can enter up to {WITHDRAWN_REASON_OTHER_MAX_LENGTH.toLocaleString('en-NZ')} characters.
                          </p>
                          {problems.other && (
                            <p className="form-field__error" id={otherErrorId}>
                              <span className="visually-hidden">Error: </span>
                              {problems.other}
                            </p>
                          )}
                          <textarea
                            className="form-field__input"
                            id={otherId}
                            rows={4}
                            value={other}
                            onChange={(event) => setOther(event.currentTarget.value)}
                            aria-describedby={problems.other ? `${otherHintId} ${otherErrorId}` : otherHintId}
                            aria-invalid={problems.other ? true : undefined}
                          />
                        </div>
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
        </div>
        <div className="form-actions">
          {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button button--danger">
            {withdrawal.isPending ? 'Please wait…' : 'Withdraw engagement notice'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
