/**
 * The API client's checks of what the server answered, against the schemas in common/api. typebox
 * is most of the client's weight (about 85 kB compressed), so api.ts loads this module with the
 * first answer it reads: a page whose visitor is signed out never fetches it.
 */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ErrorResponseSchema, type ErrorResponse } from '../../common/api/http';

/** The error body when it has the one error shape, else null. */
export function readErrorBody(body: unknown): ErrorResponse | null {
  return Value.Check(ErrorResponseSchema, body) ? body : null;
}

/** Why `body` does not match `schema` (the first mismatch), or null when it does. */
export function findMismatch(schema: TSchema, body: unknown): string | null {
  if (Value.Check(schema, body)) {
    return null;
  }
  const [first] = Value.Errors(schema, body);
  return first ? `${first.instancePath || '/'}: ${first.message}` : 'does not match';
}
