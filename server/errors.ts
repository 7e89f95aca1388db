/**
 * The one error type of the server and the one error shape of the API:
 * `{ "error": "<short code or phrase>", "message": "<human text>", "details"?: … }`.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { WHOLE_NUMBER_KEYWORD, type ErrorResponse } from '../common/api/http';

export const ErrorCode = {
  BadRequest: 'bad request',
  Unauthorized: 'unauthorized',
  SessionExpired: 'session expired',
  Forbidden: 'forbidden',
  SecondFactorRequired: 'second factor required',
  NotFound: 'not found',
  Conflict: 'conflict',
  Gone: 'gone',
  PayloadTooLarge: 'payload too large',
  UnsupportedMediaType: 'unsupported media type',
  TooManyRequests: 'too many requests',
  Internal: 'internal error',
  Unavailable: 'service unavailable',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const statusByCode: Record<ErrorCode, number> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.Unauthorized]: 401,
  // Spec §8: an expired session answers 403 with `{"error":"session expired"}`.
  [ErrorCode.SessionExpired]: 403,
  [ErrorCode.Forbidden]: 403,
  // Issue 29: the team's routes need a sign-in with a second factor; the app shows how to set one up.
  [ErrorCode.SecondFactorRequired]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.Gone]: 410,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.Internal]: 500,
  [ErrorCode.Unavailable]: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(statusByCode) as [ErrorCode, number][]).find(
    ([code, value]) => value === status && code !== ErrorCode.SessionExpired,
  );
  return match ? match[0] : status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest;
}

/** Turns any thrown value into a status and the one error body; never leaks a 5xx message. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorResponse } {
  if (error instanceof AppError) {
    const body: ErrorResponse = { error: error.code, message: error.message };
    if (error.details !== undefined) {
      body.details = error.details;
    }
    return { status: error.statusCode, body };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError?.validation) {
    // A whole number's own message says what is accepted; the alternatives its schema lists for
    // OpenAPI (`anyOf`) would only repeat it in ajv's words.
    const wholeNumberPaths = new Set(
      fastifyError.validation.filter((issue) => issue.keyword === WHOLE_NUMBER_KEYWORD).map((issue) => issue.instancePath),
    );
    const issues = fastifyError.validation.filter(
      (issue) => issue.keyword === WHOLE_NUMBER_KEYWORD || !wholeNumberPaths.has(issue.instancePath),
    );
    return {
      status: 400,
      body: {
        error: ErrorCode.BadRequest,
        message: 'The request is not valid.',
        details: issues.map((issue) => ({
          field: `${fastifyError.validationContext ?? 'body'}${issue.instancePath}`.replace(/\//g, '.'),
          message: issue.message ?? 'is not valid',
        })),
      },
    };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: codeForStatus(status), message: fastifyError?.message ?? 'Bad request' } };
  }
  return {
    status: 500,
    body: { error: ErrorCode.Internal, message: 'Something went wrong on our side. Please try again.' },
  };
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ status, error: body.error, message: body.message }, 'request rejected');
    }
    return reply.status(status).send(body);
  });
}
