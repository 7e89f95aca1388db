/**
 * The one layer that refuses text the server cannot keep: a NUL character (PostgreSQL refuses
 * `\u0000` in text and jsonb) or an unpaired UTF-16 surrogate (not Unicode; it breaks the audit
 * log's JSON). Registered once, at the root, as the first `preValidation` hook: it sees every
 * request after its body is parsed (JSON, form posts) and before any schema, guard or handler,
 * including routes without a schema and the identity provider under /oidc, whose handler reads
 * the raw request but whose query Fastify has parsed by then.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../errors';

export const UNSAFE_TEXT_MESSAGE = 'Remove the invisible control characters from this text.';

/** Text PostgreSQL cannot store (NUL) or that is not Unicode (an unpaired surrogate). */
export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** Parsed data: arrays and objects, not the bytes of a Buffer (a parser's raw body). Query objects have no Object prototype. */
function isParsedContainer(value: object): boolean {
  return !ArrayBuffer.isView(value);
}

/**
 * The dotted path (`body.answers.step.field`) of the first string or object key with unsafe text
 * in `value`, or undefined. Iterative, each value visited once, nothing copied: the work is bounded
 * by the size of the parsed input, itself bounded by the body limits.
 */
export function findUnsafeText(value: unknown, path: string): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) {
        return next.path;
      }
    } else if (typeof current === 'object' && current !== null && isParsedContainer(current)) {
      for (const [key, child] of Object.entries(current)) {
        if (isUnsafeText(key)) {
          // The key itself cannot name the field; its object does.
          return next.path;
        }
        if (typeof child === 'string') {
          if (isUnsafeText(child)) {
            return `${next.path}.${key}`;
          }
        } else if (typeof child === 'object' && child !== null) {
          pending.push({ value: child, path: `${next.path}.${key}` });
        }
      }
    }
  }
  return undefined;
}

/** Fields are named as schema errors name them: `params.…`, `querystring.…`, `body.…`. */
async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  const field =
    findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'querystring') ?? findUnsafeText(request.body, 'body');
  if (field !== undefined) {
    throw new AppError(ErrorCode.BadRequest, 'Some text contains invisible control characters.', [
      { field, message: UNSAFE_TEXT_MESSAGE },
    ]);
  }
}

/** Adds the guard to every route registered after it: call it in buildApp before any route or plugin. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', refuseUnsafeText);
}
