/**
 * What the team app's listing queue reads from its URL (`?status=`, `page=`) and the API path it
 * asks for: waiting for review unless another status is chosen, as the API's default is.
 */
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { SERVICE_LISTING_STATUS_CODES, type ServiceListingStatus } from '../../common/listings/service-listings';
import { listQueryPath, wholeNumberParam } from '../lib/lists/url-params';

export interface TeamListingQueueQuery {
  /** A status other than `in_review`; absent for the listings waiting for review. */
  status?: Exclude<ServiceListingStatus, 'in_review'>;
  page?: number;
}

/** The queue's query from its URL; an unknown status or a malformed page is ignored (the default), never sent. */
export function teamListingQueueQuery(search: URLSearchParams): TeamListingQueueQuery {
  const status = SERVICE_LISTING_STATUS_CODES.find((code) => code === search.get('status') && code !== 'in_review') as TeamListingQueueQuery['status'];
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return { ...(status ? { status } : {}), ...(page ? { page } : {}) };
}

/** The API's path of the queue for that query (`?status=&page=` when set). */
export function teamListingQueuePath(query: TeamListingQueueQuery): string {
  return listQueryPath('admin/listings', query);
}
