/** Why a change of a shortlist was refused, in plain English (issue 31). */
import { ApiError, describeApiFailure } from '../lib/api-error';

export const NOT_MANAGER_MESSAGE = 'Only the person who made this shortlist, or an administrator of your agency, can rename, share or delete it.';

/** A refused save or removal: the 403 of a colleague, else the server's own words or the usual failure. */
export function saveProblemMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) {
    return NOT_MANAGER_MESSAGE;
  }
  return describeApiFailure(error);
}
