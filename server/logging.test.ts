/** Log lines name what failed, never the values a statement carried (issue 14: error logs held personal data). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/index';
import { redactPath, serializeErrorForLog } from './logging';
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
    expect(redactPath(`/api/v1/invitations/${token}/account`)).toBe('/api/v1/invitations/redacted/account');
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
    expect(lines.some((line) => line.includes(token))).toBe(false);
  });
});
