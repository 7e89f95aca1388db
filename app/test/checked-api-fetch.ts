/**
 * The API client for screen tests: answers come from a fake (`vi.fn`, called with the path and the
 * options) and are checked against the schema the call site passes, as the real client checks
 * them (ApiResponseError), so a test answer of the wrong shape cannot pass unnoticed.
 */
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { ApiRequestOptions } from '../lib/api';
import { ApiResponseError } from '../lib/api-error';

export type FakeApiCall = (path: string, options?: ApiRequestOptions) => Promise<unknown>;

export function checkedApiFetch(fake: FakeApiCall) {
  return async <S extends TSchema>(path: string, schema: S, options?: ApiRequestOptions): Promise<Static<S>> => {
    const body = (await fake(path, options)) ?? null;
    if (!Value.Check(schema, body)) {
      const [first] = Value.Errors(schema, body);
      throw new ApiResponseError(path, `${first?.instancePath ?? ''}: ${first?.message ?? 'does not match'}`);
    }
    return body;
  };
}
