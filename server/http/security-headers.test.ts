/**
 * Permissions-Policy on every kind of answer (page, API, file, error), and Strict-Transport-Security
 * only when a trusted proxy says the request came over https (issue 29, item 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../auth/test-support';
import { uploadFile } from '../modules/uploads/test-support';
import { buildTestApp, type TestContext } from '../test/harness';
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

describe('security headers on every kind of answer', () => {
  let behindProxy: TestContext;
  let direct: TestContext;
  let fileUrl = '';
  let memberHeaders: Record<string, string> = {};

  beforeAll(async () => {
    behindProxy = await buildTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://marketplace.example.govt.nz' });
    direct = await buildTestApp({ PUBLIC_URL: 'https://marketplace.example.govt.nz' });
    const { supplierId } = await createSupplierWithMembers(behindProxy.database.db);
    const member = await createSignedInUser(behindProxy, { suppliers: [{ supplierId }] });
    memberHeaders = bearer(member.accessToken, supplierId);
    const uploaded = await uploadFile(behindProxy.app, memberHeaders);
    fileUrl = `/api/v1/files/${uploaded.json<{ files: { id: string }[] }>().files[0]?.id ?? ''}`;
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  /** One request of each kind: a page, an API answer, a file, an API error, a page not found. */
  const kinds = () =>
    [
      { kind: 'page', url: '/approved-suppliers', headers: { accept: 'text/html' }, status: 200 },
      { kind: 'API', url: '/api/v1/user', headers: memberHeaders, status: 200 },
      { kind: 'file', url: fileUrl, headers: memberHeaders, status: 200 },
      { kind: 'API error', url: '/api/v1/no-such-route', headers: {}, status: 404 },
      { kind: 'page not found', url: '/no-such-page', headers: { accept: 'text/html' }, status: 404 },
    ] as const;

  it('sends Permissions-Policy on every answer, turning off what the portal does not use and keeping passkeys for itself', async () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('payment=()');
    expect(PERMISSIONS_POLICY).toContain('usb=()');
    expect(PERMISSIONS_POLICY).toContain('publickey-credentials-get=(self)');
    expect(PERMISSIONS_POLICY).toContain('publickey-credentials-create=(self)');
    for (const context of [behindProxy, direct]) {
      for (const { kind, url, headers, status } of kinds()) {
        const response = await context.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${kind} ${url}`).toBe(context === direct && (kind === 'file' || kind === 'API') ? 401 : status);
        expect(response.headers['permissions-policy'], kind).toBe(PERMISSIONS_POLICY);
      }
    }
  });

  it('sends Strict-Transport-Security on every kind of answer when a trusted proxy says the request came over https', async () => {
    for (const { kind, url, headers, status } of kinds()) {
      const response = await behindProxy.app.inject({ method: 'GET', url, headers: { ...headers, 'x-forwarded-proto': 'https' } });
      expect(response.statusCode, kind).toBe(status);
      expect(response.headers['strict-transport-security'], kind).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });

  it('never sends it over plain http, nor when an untrusted client claims https', async () => {
    for (const { kind, url, headers } of kinds()) {
      const plain = await behindProxy.app.inject({ method: 'GET', url, headers: { ...headers, 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security'], kind).toBeUndefined();
      const unproxied = await behindProxy.app.inject({ method: 'GET', url, headers });
      expect(unproxied.headers['strict-transport-security'], kind).toBeUndefined();
      // Without TRUST_PROXY the header is the client's word, and is not taken, even with an https PUBLIC_URL.
      const forged = await direct.app.inject({ method: 'GET', url, headers: { ...headers, 'x-forwarded-proto': 'https' } });
      expect(forged.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });
});
