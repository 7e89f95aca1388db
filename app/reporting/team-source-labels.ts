/**
 * The team reads a notice's or report's answers without the supplier's source lists (those routes
 * answer the active supplier only), so every id chosen from a list is named from the record itself:
 * its agency, its services, its notice. An id the record does not name reads as no longer listed.
 */
import type { NoticeService } from '../../common/api/engagement-notices';
import { NOT_IN_SOURCE_LIST, type SourceLabel } from '../lib/forms/answers-summary';
import { noticeName } from './list-params';

interface Named {
  id: number;
  name: string;
}

/** What a record can name: its agency, its notice, its services (undefined while they load). */
export interface TeamRecordNames {
  agency?: Named | null;
  engagementNotice?: { id: number; title: string | null } | null;
  services?: readonly NoticeService[];
}

export function teamSourceLabel({ agency, engagementNotice, services }: TeamRecordNames): SourceLabel {
  return (source, value) => {
    if (source === 'engagement-notice/agency') {
      return agency?.id === value ? agency.name : NOT_IN_SOURCE_LIST;
    }
    if (source === 'billing-report/engagement-notices') {
      return engagementNotice?.id === value ? noticeName(engagementNotice) : NOT_IN_SOURCE_LIST;
    }
    if (source.startsWith('service') || source.startsWith('billing-report/services')) {
      return services === undefined ? 'Loading…' : (services.find((service) => service.id === value)?.label ?? NOT_IN_SOURCE_LIST);
    }
    return `Number ${String(value)}`;
  };
}
