/** How the team's screens name an agency registration's status, and its tag's colour. */
import type { TeamAgencyStatus } from '../../common/api/agencies';
import type { StatusTone } from '../../common/application-stages';

export const AGENCY_STATUS_LABELS: Record<TeamAgencyStatus, string> = {
  submitted: 'Waiting for a decision',
  approved: 'Approved',
  declined: 'Declined',
};

export const AGENCY_STATUS_TONES: Record<TeamAgencyStatus, StatusTone> = {
  submitted: 'waiting',
  approved: 'done',
  declined: 'refused',
};
