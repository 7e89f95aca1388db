/**
 * API routes that take no body refuse one (issue 29, item 8). A route declares the body it takes
 * (`schema.body`, or `schema.consumes` for the multipart uploads); a body sent to any other route
 * was parsed and then silently ignored, so a client that meant to send something learnt nothing,
 * and a large one cost the server its parsing. It is refused before it is read, with a 400 in the
 * one error shape, whatever its type.
 */
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-type';
import { AppError, ErrorCode } from '../errors';

export const UNEXPECTED_BODY_MESSAGE = 'This request takes no body. Send it again without one.';

/** Whether the request carries a body: a length above zero, or one sent in chunks. */
export function hasRequestBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

/** Whether the route declares a body it takes. */
function takesBody(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema;
  return schema?.body !== undefined || schema?.consumes !== undefined;
}

/** onRequest hook: 400 when a route that declares no body is sent one. */
export async function refuseUnexpectedBody(request: FastifyRequest): Promise<void> {
  if (hasRequestBody(request) && !takesBody(request)) {
    throw new AppError(ErrorCode.BadRequest, UNEXPECTED_BODY_MESSAGE, [{ field: 'body', message: 'must be empty' }]);
  }
}

/** Refuses bodies on the scope's routes that declare none (the API's, registered under /api/v1). */
export function registerNoBodyGuard(scope: App): void {
  scope.addHook('onRequest', refuseUnexpectedBody);
}
