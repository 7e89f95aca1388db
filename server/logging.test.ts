/** Log lines name what failed, never the values a statement carried (issue 14: error logs held personal data). */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { users } from './db/schema/index';
import { loggerOptions, redactPath, serializeErrorForLog } from './logging';
import { buildTestApp, type TestContext } from './test/harness';

const EMAIL = 'hēmi.private@example.test';
const NAME = 'Hēmi Private-Person';

describe('error logs', () => {
  let context: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    context = await buildTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: { write: (line) => lines.push(line) },
        beforeReady: (app) => {
          // A statement that fails on a unique index with personal data in its parameters.
          app.post('/test/failing-insert', async () => {
            await app.database.db.insert(users).values({ email: EMAIL, name: NAME });
            await app.database.db.insert(users).values({ email: EMAIL.toUpperCase(), name: NAME });
            return { inserted: true };
          });
        },
      },
    );
  });
  afterAll(() => context.close());

  it('log the statement and the error code of a failed insert, and none of its values', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/test/failing-insert' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(EMAIL);

    const failure = lines.find((line) => line.includes('"request failed"'));
    expect(failure, 'the failed request is logged').toBeDefined();
    const logged = failure ?? '';
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('"code":"23505"');
    for (const value of [EMAIL, EMAIL.toUpperCase(), NAME, 'hēmi', 'Private-Person']) {
      expect(logged.toLowerCase()).not.toContain(value.toLowerCase());
    }
    for (const line of lines) {
      expect(line.toLowerCase()).not.toContain('hēmi');
    }
  });

  it('keep the message, stack and plain fields of other errors, and their causes', () => {
    const error = new Error('the mail server refused the connection', { cause: Object.assign(new Error('ECONNREFUSED'), { code: 'ECONNREFUSED', port: 25 }) });
    const logged = serializeErrorForLog(error);
    expect(logged).toMatchObject({ type: 'Error', message: 'the mail server refused the connection' });
    expect(logged.stack).toMatch(/^Error: the mail server refused the connection\n\s+at /);
    expect(logged.cause).toMatchObject({ message: 'ECONNREFUSED', code: 'ECONNREFUSED', port: 25 });
  });

  it('withhold the message and detail of a database error, which can quote a value', () => {
    const databaseError = Object.assign(new Error('invalid input syntax for type integer: "secret-value"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(secret-value) already exists.',
      routine: 'pg_strtoint32_safe',
    });
    const logged = JSON.stringify(serializeErrorForLog(databaseError));
    expect(logged).not.toContain('secret-value');
    expect(logged).toContain('22P02');
    expect(logged).toContain('pg_strtoint32_safe');
  });

  it('blank out the credential in the paths of emailed links', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(redactPath(`/api/v1/invitations/${token}/accept`)).toBe('/api/v1/invitations/redacted/accept');
    expect(redactPath(`/user/confirm/${token}`)).toBe('/user/confirm/redacted');
    expect(redactPath(`/account/reset-password/${token}`)).toBe('/account/reset-password/redacted');
    expect(redactPath(`/api/v1/agency-form/application/${token}/submit`)).toBe('/api/v1/agency-form/application/redacted/submit');
    expect(redactPath(`/agency-form/resume/${token}`)).toBe('/agency-form/resume/redacted');
    expect(redactPath('/api/v1/application/42')).toBe('/api/v1/application/42');
  });

  it('never hold an emailed link’s credential in a request line', async () => {
    const token = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-edcba';
    await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(lines.some((line) => line.includes('/api/v1/invitations/redacted'))).toBe(true);
    // The sign-in an invitation's link starts carries its token too.
    await context.app.inject({ method: 'GET', url: `/oidc/auth?client_id=portal&invitation=${token}` });
    expect(lines.some((line) => line.includes('invitation=redacted'))).toBe(true);
    expect(lines.some((line) => line.includes(token))).toBe(false);
  });
});

describe('log format (issue 27: JSON lines mixed with the start banner)', () => {
  const production = { NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz', SMTP_URL: 'smtp://smtp.example.govt.nz', PUBLIC_FORM_SECRET: 'a-production-secret-of-32-characters-or-more' };

  /** What one log call writes with the logger options of `env`. */
  function logOnce(env: Record<string, string>): string {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions(loadConfig(env), { write: (line) => lines.push(line) }) });
    app.log.info({ mailId: 'mail-1' }, 'mail written to the outbox');
    return lines.join('');
  }

  it('is readable lines in development, JSON in production, and either when LOG_FORMAT says so', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig(production).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(ConfigError);
  });

  it('writes a development line a person reads: time, level, message and fields, no JSON envelope', () => {
    const line = logOnce({});
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: mail written to the outbox \{"mailId":"mail-1"\}\n$/);
    expect(line).not.toContain('"level"');
    expect(line).not.toContain('hostname');
  });

  it('writes one JSON object a line in production', () => {
    const line = logOnce(production);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'mail written to the outbox', mailId: 'mail-1' });
  });

  it('leaves JSON to stdout to pino itself', () => {
    expect(loggerOptions(loadConfig(production))).not.toHaveProperty('stream');
  });
});
