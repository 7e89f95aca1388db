import { createContext, use } from 'react';
import type { AgencySummary } from '../../common/api/user';

/** The active agency (issue 31), provided by the agency dashboard's layout to every screen inside it. */
export const ActiveAgencyContext = createContext<AgencySummary | null>(null);

export function useActiveAgency(): AgencySummary {
  const agency = use(ActiveAgencyContext);
  if (!agency) {
    throw new Error('useActiveAgency is used outside the agency dashboard layout');
  }
  return agency;
}
