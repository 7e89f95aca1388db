/**
 * A route's limit of requests per client address per minute (`config` of the route), answering 429
 * in the one error shape with Retry-After (@fastify/rate-limit, registered in server/app.ts); no
 * limit when `max` is 0.
 */
import type { FastifyContextConfig } from 'fastify';
import { AppError, ErrorCode } from '../errors';

export function perAddressRateLimit(max: number, message: string): FastifyContextConfig {
  return max > 0 ? { rateLimit: { max, timeWindow: 60_000, errorResponseBuilder: () => new AppError(ErrorCode.TooManyRequests, message) } } : { rateLimit: false };
}
