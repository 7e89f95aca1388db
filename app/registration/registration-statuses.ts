/** How the team's screens name a registration's status, and its tag's colour. */
import type { RegistrationStatus } from '../../common/api/registration';
import type { StatusTone } from '../../common/application-stages';

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  declined: 'Declined',
};

export const REGISTRATION_STATUS_TONES: Record<RegistrationStatus, StatusTone> = {
  pending: 'waiting',
  approved: 'done',
  declined: 'refused',
};
