/**
 * The agency dashboard's reporting calls (issue 31) as TanStack Query hooks: the engagement notices
 * suppliers sent naming the active agency (GET /api/v1/agency/engagement-notices), a page at a time.
 * The answer is checked against its schema in common/api.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AgencyNoticesResponseSchema } from '../../common/api/agency-engagements';
import { apiFetch } from '../lib/api';
import { useActiveAgency } from '../lib/active-agency';
import { listQueryPath } from '../lib/lists/url-params';

/** Keys per active agency, so a switch of agency never shows another agency's notices. */
export const agencyReportingQueryKeys = {
  notices: (agencyID: number, page: number) => ['agency', agencyID, 'engagement-notices', page] as const,
};

/** One page (from 1) of the engagement notices naming the active agency, newest first. */
export function useAgencyNotices(page: number) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: agencyReportingQueryKeys.notices(agencyID, page),
    queryFn: ({ signal }) => apiFetch(listQueryPath('agency/engagement-notices', { page }), AgencyNoticesResponseSchema, { signal }),
    // Another page keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}
