/**
 * The API client's checks of what the server answered, against the schemas in common/api, with
 * typebox's schema checker (`Value.Check` and `Value.Errors` are this checker behind the whole
 * `Value` namespace, twice the weight). api.ts loads this module with the first answer it reads.
 */
import type { TSchema } from 'typebox';
import { Check, Errors } from 'typebox/schema';
import { ErrorResponseSchema, type ErrorResponse } from '../../common/api/http';

/** The error body when it has the one error shape, else null. */
export function readErrorBody(body: unknown): ErrorResponse | null {
  return Check(ErrorResponseSchema, body) ? body : null;
}

/** Why `body` does not match `schema` (the first mismatch), or null when it does. */
export function findMismatch(schema: TSchema, body: unknown): string | null {
  if (Check(schema, body)) {
    return null;
  }
  const [, [first]] = Errors(schema, body);
  return first ? `${first.instancePath || '/'}: ${first.message}` : 'does not match';
}
