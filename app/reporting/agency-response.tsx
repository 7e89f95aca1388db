/**
 * The agency's answer to an engagement notice or to a billing report (issue 31) as people read it:
 * a tag (the agency reads it as its own answer, the supplier and the team as the agency's), who
 * answered and when, a dispute's reason and words (a query's words), and the refusals of an answer
 * in plain English.
 */
import type { ReactNode } from 'react';
import type { AgencyResponse, ReportResponse } from '../../common/api/agency-engagements';
import type { StatusTone } from '../../common/application-stages';
import { formatDateTime } from '../../common/dates';
import {
  AGENCY_RESPONSE_STATUS_LABELS,
  disputeReasonLabel,
  REPORT_RESPONSE_STATUS_LABELS,
  type AgencyResponseStatus,
  type ReportResponseStatus,
} from '../../common/reporting/agency-responses';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { StatusTag } from '../lib/components/status-tag';

/** The answer as the agency's own people read it (their list's filter and tags). */
export const OWN_RESPONSE_LABELS: Record<AgencyResponseStatus, string> = {
  awaiting: 'Waiting for your answer',
  confirmed: 'Confirmed',
  disputed: 'Disputed',
};

const RESPONSE_TONES: Record<AgencyResponseStatus, StatusTone> = { awaiting: 'waiting', confirmed: 'done', disputed: 'refused' };

export const ALREADY_ANSWERED_MESSAGE = 'Someone in your agency answered this engagement notice while you were looking at it. This page now shows their answer.';
export const REPORT_ALREADY_ANSWERED_MESSAGE = 'Someone in your agency answered this billing report while you were looking at it. This page now shows their answer.';
export const TOO_MANY_MESSAGES_MESSAGE = 'You have sent a lot of messages in a short time. Wait a few minutes, then send your message again.';

/** The agency's answer as a tag: `isOwn` for the agency's people ('Waiting for your answer'), else as the supplier and the team read it. */
export function AgencyResponseTag({ status, isOwn = false }: { status: AgencyResponseStatus; isOwn?: boolean }) {
  return <StatusTag tone={status === 'awaiting' && isOwn ? 'action' : RESPONSE_TONES[status]}>{isOwn ? OWN_RESPONSE_LABELS[status] : AGENCY_RESPONSE_STATUS_LABELS[status]}</StatusTag>;
}

/** 'Aroha Ngata on 6 March 2026, 10:00 am'; `someone` stands for a person whose account was removed. */
export function answeredBy(response: Pick<AgencyResponse, 'at' | 'byName'>, someone: string): string {
  const who = response.byName ?? someone;
  return response.at === null ? who : `${who} on ${formatDateTime(response.at)}`;
}

/** The agency's answer as rows of a notice's facts, for the supplier's and the team's details screens. */
export function agencyResponseFacts(response: AgencyResponse): [string, ReactNode][] {
  const facts: [string, ReactNode][] = [["Agency's answer", <AgencyResponseTag key="response" status={response.status} />]];
  if (response.status === 'confirmed') {
    facts.push(['Confirmed by', answeredBy(response, 'A former member of the agency')]);
  }
  if (response.status === 'disputed') {
    facts.push(
      ['Why the agency disputes it', response.disputeReason === null ? 'Not given' : disputeReasonLabel(response.disputeReason)],
      ['What the agency says is wrong', <span key="details" className="reporting-notes">{response.disputeDetails ?? 'Not given'}</span>],
      ['Disputed by', answeredBy(response, 'A former member of the agency')],
    );
  }
  return facts;
}

/** A billing report's answer as the agency's own people read it (their list's filter and tags). */
export const OWN_REPORT_RESPONSE_LABELS: Record<ReportResponseStatus, string> = {
  awaiting: 'Waiting for your answer',
  confirmed: 'Confirmed',
  queried: 'Queried',
};

const REPORT_RESPONSE_TONES: Record<ReportResponseStatus, StatusTone> = { awaiting: 'waiting', confirmed: 'done', queried: 'refused' };

/** The agency's answer to a billing report as a tag: `isOwn` for the agency's people ('Waiting for your answer'), else as the supplier and the team read it. */
export function ReportResponseTag({ status, isOwn = false }: { status: ReportResponseStatus; isOwn?: boolean }) {
  return (
    <StatusTag tone={status === 'awaiting' && isOwn ? 'action' : REPORT_RESPONSE_TONES[status]}>
      {isOwn ? OWN_REPORT_RESPONSE_LABELS[status] : REPORT_RESPONSE_STATUS_LABELS[status]}
    </StatusTag>
  );
}

/** The agency's answer to a billing report as rows of the report's facts, for the supplier's and the team's details screens. */
export function reportResponseFacts(response: ReportResponse): [string, ReactNode][] {
  const facts: [string, ReactNode][] = [["Agency's answer", <ReportResponseTag key="response" status={response.status} />]];
  if (response.status === 'confirmed') {
    facts.push(['Confirmed by', answeredBy(response, 'A former member of the agency')]);
  }
  if (response.status === 'queried') {
    facts.push(
      ['What the agency says is wrong', <span key="details" className="reporting-notes">{response.queryDetails ?? 'Not given'}</span>],
      ['Queried by', answeredBy(response, 'A former member of the agency')],
    );
  }
  return facts;
}

/**
 * Why an answer or a message was refused: someone else answered first (409, `alreadyAnswered`: a
 * billing report's is REPORT_ALREADY_ANSWERED_MESSAGE), too many messages (429), or the failure's own words.
 */
export function answerProblem(error: unknown, alreadyAnswered: string = ALREADY_ANSWERED_MESSAGE): string {
  if (error instanceof ApiError && error.status === 409) {
    return alreadyAnswered;
  }
  if (error instanceof ApiError && error.status === 429) {
    return TOO_MANY_MESSAGES_MESSAGE;
  }
  return describeApiFailure(error);
}
