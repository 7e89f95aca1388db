/** How the logs are written, and what a request and an error look like in them. */
import type { FastifyRequest } from 'fastify';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { Config } from './config';

/** Where log lines go: stdout, or a test's own collector. */
export interface LogOutput {
  write(line: string): void;
}

/**
 * JSON lines made readable, one a line: `[14:02:07] INFO: mail written to the outbox {"mailId":…}`.
 * Formatted as they are written, in this process, so they keep their place among what the process
 * prints itself (the start banner); coloured only on a stdout that shows colours (NO_COLOR and
 * FORCE_COLOR are heeded), never for a test's collector.
 */
function prettyOutput(output: LogOutput): LogOutput {
  const prettify = prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    colorize: output === process.stdout && isColorSupported,
    // Only `err` holds an Error (its stack on lines of its own); an `error` field is a word of an answer.
    errorLikeObjectKeys: ['err'],
  });
  return { write: (line) => output.write(prettify(line)) };
}

/**
 * Fastify's logger: readable lines for a person watching (LOG_FORMAT=pretty, the default outside
 * production), one JSON object a line for a log collector (LOG_FORMAT=json, production's default),
 * with secrets and statement values kept out of both.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, output?: LogOutput) {
  // JSON to stdout goes through pino's own fast writer.
  const stream = config.logFormat === 'pretty' ? prettyOutput(output ?? process.stdout) : output;
  return {
    level: config.logLevel,
    serializers: { req: serializeRequestForLog, err: (error: unknown) => serializeErrorForLog(error) },
    ...(stream ? { stream } : {}),
  };
}

/** Query parameters that must not reach the logs: codes and tokens grant access, ID tokens carry personal data. */
const SECRET_QUERY_PARAMETERS = ['id_token_hint', 'code', 'code_verifier', 'refresh_token', 'login_hint', 'logout_hint', 'invitation'];

/**
 * Paths whose segment after the prefix is itself a credential: whoever has it can act (an
 * invitation, a password reset link, an agency's resume link). Blanked out like the query secrets.
 */
const SECRET_PATH_SEGMENTS = [
  /^(\/api\/v1\/invitations\/)[^/?]+/,
  /^(\/user\/confirm\/)[^?]+/,
  /^(\/account\/reset-password\/)[^/?]+/,
  /^(\/api\/v1\/agency-form\/application\/)[^/?]+/,
  /^(\/agency-form\/resume\/)[^/?]+/,
];

/** A path with its credential segments blanked out. */
export function redactPath(pathname: string): string {
  return SECRET_PATH_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, '$1redacted'), pathname);
}

/** Fastify's request log fields, with secrets blanked out of the URL (sign-in redirects and emailed links carry them). */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  const url = new URL(request.url, 'http://placeholder');
  for (const name of SECRET_QUERY_PARAMETERS) {
    if (url.searchParams.has(name)) {
      url.searchParams.set(name, 'redacted');
    }
  }
  return {
    method: request.method,
    url: `${redactPath(url.pathname)}${url.search}`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** Fields of a database error that name what failed without holding any value (pg and PGlite alike). */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
/** Fields never logged from any error: they hold the values of a statement or row. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'values']);
const MAX_CAUSE_DEPTH = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A failed query as Drizzle reports it: its message and stack repeat every parameter. */
function isQueryError(error: Error): error is Error & { query: string } {
  return typeof (error as { query?: unknown }).query === 'string' && 'params' in error;
}

/** A PostgreSQL error (pg, PGlite): its message and detail may quote a value ('invalid input syntax …: "x"'). */
function isDatabaseError(error: Error): boolean {
  const fields = error as { code?: unknown; severity?: unknown };
  return typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && typeof fields.severity === 'string';
}

/** An error as a log line holds it (the shape pino's `err` serializer gives). */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Errors as the logs show them (pino's `err`): name, message, stack and plain fields, but never the
 * values a database statement carried. A failed query logs its statement and the database's error
 * code, constraint and table; its parameters, the error's message and detail (which can quote
 * them) stay out, so an email typed at sign-in or a message's text never reaches a log line.
 */
export function serializeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === 'string' ? error : 'a thrown value that is not an Error', stack: '' };
  }
  const type = error.name;
  if (isDatabaseError(error)) {
    const fields: LoggedError = { type, message: 'database error (message withheld: it can quote values)', stack: '' };
    for (const name of DATABASE_ERROR_FIELDS) {
      const value = (error as unknown as Record<string, unknown>)[name];
      if (typeof value === 'string' && value !== '') {
        fields[name] = value;
      }
    }
    return fields;
  }
  const message = isQueryError(error) ? `Failed query: ${error.query}` : error.message;
  // The stack's first line repeats the message: rebuild it from the safe one.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const [name, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(name) || name === 'cause' || name === 'message' || name === 'stack') {
      continue;
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      serialized[name] = value;
    }
  }
  if (isRecord(error) && error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeErrorForLog(error.cause, depth + 1);
  }
  return serialized;
}
