/**
 * The rules a notice's or report's step runs in the browser beside its schema, so a person hears
 * of a problem on the step that has it, before the save: the same rules the API runs
 * (common/engagement-notices.ts, common/billing-reports.ts), placed on the step's fields.
 */
import type { ReportableNoticeList } from '../../common/api/billing-reports';
import { DUPLICATE_PERIOD_MESSAGE } from '../../common/api/billing-reports';
import { billingPeriodProblem } from '../../common/billing-reports';
import { engagementDatesProblem } from '../../common/engagement-notices';
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
  if (kind.model === 'engagement-notice' && stepId === 'dates-and-value') {
    const problem = engagementDatesProblem(text(answers.start_date), text(answers.end_date));
    return problem ? [{ path: ['end_date'], message: problem }] : [];
  }
  if (kind.model === 'billing-report' && stepId === 'engagement') {
    const period = text(answers.billing_period);
    if (period === undefined || !/^\d{4}-\d{2}$/.test(period)) {
      return [];
    }
    const future = billingPeriodProblem(period, context.now);
    if (future) {
      return [{ path: ['billing_period'], message: future }];
    }
    const notice = context.reportableNotices?.find((candidate) => candidate.id === answers.engagement_notice);
    const isItself = context.savedAs !== undefined && context.savedAs.noticeId === answers.engagement_notice && context.savedAs.period === period;
    if (notice?.reportedPeriods.includes(period) && !isItself) {
      return [{ path: ['billing_period'], message: DUPLICATE_PERIOD_MESSAGE }];
    }
  }
  return [];
}
