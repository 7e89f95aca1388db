/**
 * The agency dashboard's spend (issue 31, GET /api/v1/agency/spend) as a TanStack Query hook, per
 * active agency and grouping; the CSV downloads through app/lib/lists/csv-download.tsx.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AgencySpendResponseSchema } from '../../common/api/agency-engagements';
import type { SpendGrouping } from '../../common/reporting/agency-spend';
import { useActiveAgency } from '../lib/active-agency';
import { apiFetch } from '../lib/api';
import { queryKeys } from '../lib/query-client';

export const AGENCY_SPEND_CSV_PATH = 'agency/spend/export.csv';

export function useAgencySpend(by: SpendGrouping) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: [...queryKeys.agency(agencyID), 'spend', by],
    queryFn: ({ signal }) => apiFetch(`agency/spend?by=${by}`, AgencySpendResponseSchema, { signal }),
    // Another grouping keeps the table in view until its own arrives.
    placeholderData: keepPreviousData,
  });
}
