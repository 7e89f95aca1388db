/** How the team's screens name a supplier details change's status, and its tag's colour. */
import type { SupplierChangeStatus } from '../../common/api/supplier-detail-changes';
import type { StatusTone } from '../../common/application-stages';

export const SUPPLIER_CHANGE_STATUS_LABELS: Record<SupplierChangeStatus, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn by the supplier',
};

export const SUPPLIER_CHANGE_STATUS_TONES: Record<SupplierChangeStatus, StatusTone> = {
  pending: 'waiting',
  approved: 'done',
  declined: 'refused',
  withdrawn: 'draft',
};
