import { SESSION_EXPIRED_ERROR } from '../../common/constants';
import type { ErrorResponse } from '../../common/api/user';

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
