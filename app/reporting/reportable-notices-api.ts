/**
 * The supplier's engagement notices that billing reports can be against (submitted, not
 * withdrawn), from GET /billing-report/engagement-notices: the billing reports list offers them as
 * a filter. Kept apart from ./reporting-api.ts, which the submission screens' work owns.
 */
import { useQuery } from '@tanstack/react-query';
import { ReportableNoticeListSchema } from '../../common/api/billing-reports';
import { apiFetch } from '../lib/api';
import { reportingQueryKeys } from './reporting-api';
import { billingReportKind } from './reporting-kinds';

/** Under the billing reports' key, so a report's save or deletion refreshes it with the lists. */
export const reportableNoticesQueryKey = [...reportingQueryKeys.all(billingReportKind), 'reportable-notices'] as const;

export function useReportableNotices() {
  return useQuery({
    queryKey: reportableNoticesQueryKey,
    queryFn: ({ signal }) => apiFetch(`${billingReportKind.model}/engagement-notices`, ReportableNoticeListSchema, { signal }),
  });
}
