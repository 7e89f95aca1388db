import { SESSION_EXPIRED_ERROR } from '../../common/constants';
import type { ErrorResponse } from '../../common/api/http';

/** A non-2xx answer of the API, with its status and the error body (`{ error, message }`) when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
  ) {
    super(body?.message ?? `The server answered ${status}`);
  }

  /** Spec §8: a 403 whose body error is 'session expired'. */
  get isSessionExpired(): boolean {
    return this.status === 403 && this.body?.error === SESSION_EXPIRED_ERROR;
  }
}

/** Shown when the server could not be reached at all (offline, a lost connection). */
export const UNREACHABLE_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/** The text a person reads for a failed call: the API's own message, else that the server was out of reach. */
export function describeApiFailure(error: unknown): string {
  return error instanceof ApiError ? error.message : UNREACHABLE_MESSAGE;
}
