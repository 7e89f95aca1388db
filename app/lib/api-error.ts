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

/** Shown when a 2xx answer is not what the API declares for the route. */
export const UNREADABLE_RESPONSE_MESSAGE = 'The server sent an answer we could not read. Try again, and contact us if it keeps happening.';

/**
 * A 2xx answer whose body does not match the route's schema in common/api (a proxy's page, a
 * server and browser of different versions): refused at once rather than failing later in a screen.
 */
export class ApiResponseError extends Error {
  override name = 'ApiResponseError';

  constructor(
    /** The API path that answered, for the team's app and error reports. */
    readonly path: string,
    /** The first mismatch, e.g. `/users/0/email: must be string`. */
    readonly mismatch: string,
  ) {
    super(UNREADABLE_RESPONSE_MESSAGE);
  }
}

/** Shown when the server could not be reached at all (offline, a lost connection). */
export const UNREACHABLE_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/** The text a person reads for a failed call: the API's own message, that its answer was unreadable, or that the server was out of reach. */
export function describeApiFailure(error: unknown): string {
  return error instanceof ApiError || error instanceof ApiResponseError ? error.message : UNREACHABLE_MESSAGE;
}

/**
 * The per-field problems of a 400 answer (`details.problems: [{ field, message }]`, as the account
 * routes send them), keeping only the named fields; undefined for any other failure.
 */
export function fieldProblemsOf<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, string>> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return undefined;
  }
  const details: unknown = error.body?.details;
  if (typeof details !== 'object' || details === null || !('problems' in details) || !Array.isArray(details.problems)) {
    return undefined;
  }
  const found: Partial<Record<Field, string>> = {};
  for (const problem of details.problems as unknown[]) {
    if (typeof problem === 'object' && problem !== null && 'field' in problem && 'message' in problem) {
      const { field, message } = problem;
      const known = fields.find((name) => name === field);
      if (known !== undefined && typeof message === 'string' && found[known] === undefined) {
        found[known] = message;
      }
    }
  }
  return found;
}
