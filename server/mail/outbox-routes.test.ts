import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestContext } from '../test/harness';
import { isLoopbackAddress, isOutboxPageEnabled } from './outbox-routes';

const html = { accept: 'text/html' };

/** Markup rules every page here keeps: one h1, no inline style, no script but the shell's own files and JSON data. */
function expectCleanMarkup(body: string): void {
  expect(body.match(/<h1[\s>]/g)).toHaveLength(1);
  expect(body).not.toMatch(/<style|\sstyle=/i);
  for (const script of body.match(/<script[^>]*>/g) ?? []) {
    expect(script).toMatch(/\ssrc="|type="application\/json"/);
  }
  expect(body).not.toMatch(/\son[a-z]+=/i);
}

describe('the dev outbox pages', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  it('shows an empty outbox', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/dev/outbox', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<h1>Outbox</h1>');
    expect(response.body).toContain('No messages yet.');
    expectCleanMarkup(response.body);
  });

  it('lists what app.mailer sent and shows a message with its links clickable and its text escaped', async () => {
    const { id } = await context.app.mailer.send({
      to: 'newcomer@example.com',
      subject: 'Join <Acme & Co> on the Marketplace',
      text:
        'Kia ora,\n\nAccept the invitation: http://localhost:3999/invitations/accept?token=abc&supplier=42.\n' +
        'Or paste it into your browser.\n\n<script>alert("x")</script> javascript:alert(1)',
    });

    const list = await context.app.inject({ method: 'GET', url: '/dev/outbox', headers: html });
    expect(list.body).toContain('<th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th>');
    expect(list.body).toContain('<td>newcomer@example.com</td>');
    expect(list.body).toContain(`<a href="/dev/outbox/${id}">Join &lt;Acme &amp; Co&gt; on the Marketplace</a>`);
    expect(list.body).toMatch(/<caption>/);
    expectCleanMarkup(list.body);

    const page = await context.app.inject({ method: 'GET', url: `/dev/outbox/${id}`, headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Join &lt;Acme &amp; Co&gt; on the Marketplace</h1>');
    expect(page.body).toContain(
      '<a href="http://localhost:3999/invitations/accept?token=abc&amp;supplier=42">http://localhost:3999/invitations/accept?token=abc&amp;supplier=42</a>.',
    );
    expect(page.body).toContain('<dt>To</dt><dd>newcomer@example.com</dd>');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; javascript:alert(1)');
    expect(page.body).not.toContain('href="javascript:');
    expectCleanMarkup(page.body);

    const download = await context.app.inject({ method: 'GET', url: `/dev/outbox/${id}/message.eml` });
    expect(download.headers['content-type']).toBe('message/rfc822');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${id}.eml"; filename*=UTF-8''${id}.eml`);
    expect(download.body).toMatch(/^From: Marketplace <no-reply@marketplace\.localhost>\r\n/);
  });

  it('answers the not-found page for an id that is not one, path tricks included', async () => {
    for (const url of ['/dev/outbox/nothing', '/dev/outbox/..%2F..%2Fpackage.json', '/dev/outbox/20300131-235959-123-00000000']) {
      const response = await context.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>Page not found</h1>');
    }
  });
});

describe('the dev outbox pages elsewhere', () => {
  it('are never mounted in production, even with the outbox kept', async () => {
    const context = await buildTestApp({ NODE_ENV: 'production', OIDC_EMBEDDED: 'true', OIDC_COOKIE_KEYS: 'test-key', MAIL_OUTBOX: 'true', PUBLIC_FORM_SECRET: 'a-production-secret-of-32-characters-or-more' });
    try {
      const { id } = await context.app.mailer.send({ to: 'a@example.com', subject: 'Kept', text: 'Kept in the outbox folder' });
      for (const url of ['/dev/outbox', `/dev/outbox/${id}`, `/dev/outbox/${id}/message.eml`]) {
        const response = await context.app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Kept');
      }
    } finally {
      await context.close();
    }
  });

  it('answer only this computer\'s own addresses unless DEV_OUTBOX_REMOTE is set, so nobody on the network reads reset links', async () => {
    const localOnly = await buildTestApp({ TRUST_PROXY: 'true' });
    const remoteAllowed = await buildTestApp({ DEV_OUTBOX_REMOTE: 'true' });
    try {
      const { id } = await localOnly.app.mailer.send({ to: 'a@example.com', subject: 'Reset your password', text: 'http://localhost:3999/reset?token=secret' });
      const urls = ['/dev/outbox', `/dev/outbox/${id}`, `/dev/outbox/${id}/message.eml`];
      for (const url of urls) {
        for (const remote of [{ remoteAddress: '203.0.113.9' }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } }]) {
          const response = await localOnly.app.inject({ method: 'GET', url, ...remote, headers: { ...html, ...remote.headers } });
          expect(response.statusCode, url).toBe(403);
          expect(response.body).toContain('<h1>The outbox opens on this computer only</h1>');
          expect(response.body).toContain('DEV_OUTBOX_REMOTE=true');
          expect(response.body).not.toContain('token=secret');
          expect(response.body).not.toContain('Reset your password');
        }
        for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
          expect((await localOnly.app.inject({ method: 'GET', url, remoteAddress, headers: html })).statusCode, `${url} from ${remoteAddress}`).toBe(200);
        }
      }
      expect((await remoteAllowed.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '203.0.113.9', headers: html })).statusCode).toBe(200);
    } finally {
      await localOnly.close();
      await remoteAllowed.close();
    }
  }, 60_000);

  it('knows a loopback address in every spelling, and nothing else as one', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '203.0.113.9', '::ffff:10.0.0.1', '1270.0.0.1', '127.0.0.1.example', 'fe80::1', '']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });

  it('are mounted only in development with the outbox, not when mail goes out through SMTP', () => {
    expect(isOutboxPageEnabled(testConfig())).toBe(true);
    expect(isOutboxPageEnabled(testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(false);
    expect(isOutboxPageEnabled(testConfig({ NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz', MAIL_OUTBOX: 'true', PUBLIC_FORM_SECRET: 'a-production-secret-of-32-characters-or-more' }))).toBe(false);
  });
});
