/**
 * The rules a notice's or report's step runs in the browser beside its schema, so a person hears
 * of a problem on the step that has it, before the save: the same rules the API runs
 * (common/reporting/), placed on the step's fields.
 */
import type { ReportableNoticeList } from '../../common/api/billing-reports';
import { DUPLICATE_PERIOD_MESSAGE } from '../../common/api/billing-reports';
import { billingPeriodProblem, REPORT_FIELDS, REPORT_STEPS } from '../../common/reporting/billing-reports';
import { engagementDatesProblem, NOTICE_FIELDS, NOTICE_STEPS } from '../../common/reporting/engagement-notices';
import type { FieldError, FormData } from '../../common/forms/definition';
import type { ReportingKind } from './reporting-kinds';

export interface StepRuleContext {
  now: Date;
  /** The billing report form's notices, with the months each already has a report for. */
  reportableNotices?: ReportableNoticeList;
  /** The notice and month this report was last saved with: its own month is not a duplicate of itself. */
  savedAs?: { noticeId: unknown; period: unknown };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The problems with one step's answers that its schema cannot see. */
export function reportingStepProblems(kind: ReportingKind, stepId: string, answers: FormData, context: StepRuleContext): FieldError[] {
  if (kind.model === 'engagement-notice' && stepId === NOTICE_STEPS.datesAndValue) {
    const problem = engagementDatesProblem(text(answers[NOTICE_FIELDS.startDate]), text(answers[NOTICE_FIELDS.endDate]));
    return problem ? [{ path: [NOTICE_FIELDS.endDate], message: problem }] : [];
  }
  if (kind.model === 'billing-report' && stepId === REPORT_STEPS.engagement) {
    const period = text(answers[REPORT_FIELDS.billingPeriod]);
    const noticeId = answers[REPORT_FIELDS.engagementNotice];
    if (period === undefined || !/^\d{4}-\d{2}$/.test(period)) {
      return [];
    }
    const future = billingPeriodProblem(period, context.now);
    if (future) {
      return [{ path: [REPORT_FIELDS.billingPeriod], message: future }];
    }
    const notice = context.reportableNotices?.find((candidate) => candidate.id === noticeId);
    const isItself = context.savedAs !== undefined && context.savedAs.noticeId === noticeId && context.savedAs.period === period;
    if (notice?.reportedPeriods.includes(period) && !isItself) {
      return [{ path: [REPORT_FIELDS.billingPeriod], message: DUPLICATE_PERIOD_MESSAGE }];
    }
  }
  return [];
}
