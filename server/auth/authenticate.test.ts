/** app.authenticate (bearer tokens, user provisioning) and app.requireSupplier / requireSupplierAdmin. */
import { generateKeyPair, SignJWT, exportJWK } from 'jose';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../app-type';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { auditLog, users } from '../db/schema/index';
import { createTestDatabase, testConfig } from '../test/harness';
import { getCurrentUser, getSupplierContext } from './context';
import { loadSigningKeys } from './signing-keys';
import {
  bearer,
  createIdentityAccount,
  createSignedInUser,
  createSupplierWithMembers,
  createUser,
  signIn,
  signTestAccessToken,
  uniqueEmail,
} from './test-support';

describe('authentication and the supplier context', () => {
  let app: App;
  let database: DatabaseHandle;
  let config: Config;
  let context: { app: App; config: Config; database: DatabaseHandle };

  beforeAll(async () => {
    config = testConfig();
    database = await createTestDatabase();
    app = await buildApp(config, { database });
    // Routes that only exist in this test, registered before ready.
    app.get('/test/me', { preValidation: app.authenticate }, (request) => getCurrentUser(request));
    app.get('/test/supplier', { preValidation: [app.authenticate, app.requireSupplier] }, (request) => getSupplierContext(request));
    app.get('/test/supplier-admin', { preValidation: [app.authenticate, app.requireSupplierAdmin] }, (request) =>
      getSupplierContext(request),
    );
    app.get('/test/no-auth-supplier', { preValidation: app.requireSupplier }, () => ({ ok: true }));
    await app.ready();
    context = { app, config, database };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  const rowCounts = async () => {
    const [userCount] = await database.db.select({ value: count() }).from(users);
    const [auditCount] = await database.db.select({ value: count() }).from(auditLog);
    return { users: userCount?.value, audit: auditCount?.value };
  };

  describe('bearer tokens', () => {
    it('answers 401 in the one error shape without a token, or with a malformed header', async () => {
      const headerSets: Record<string, string>[] = [{}, { authorization: '' }, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: 'Bearer' }, { authorization: 'Bearer a b' }];
      for (const headers of headerSets) {
        const response = await get('/api/v1/user', headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'unauthorized', message: expect.any(String) as string });
      }
    });

    it('answers 403 "session expired" for an expired but otherwise valid token', async () => {
      const past = Math.floor(Date.now() / 1000) - 600;
      const token = await signTestAccessToken(context, { iat: past - 900, exp: past, email: uniqueEmail() });
      const response = await get('/api/v1/user', bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'session expired', message: expect.any(String) as string });
    });

    it('answers 401 for forged, foreign or malformed tokens and writes nothing', async () => {
      const before = await rowCounts();
      const email = uniqueEmail();
      const now = Math.floor(Date.now() / 1000);
      const past = now - 600;

      // Same kid as the real key, signed with another one.
      const { privateJwks } = await loadSigningKeys(database.db);
      const otherKeys = await generateKeyPair('RS256');
      const forged = await new SignJWT({ iss: config.oidc.issuer, aud: config.oidc.audience, sub: 'someone', email, exp: now + 300 })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: privateJwks.keys[0]?.kid })
        .sign(otherKeys.privateKey);
      const unknownKid = await new SignJWT({ iss: config.oidc.issuer, aud: config.oidc.audience, sub: 'someone', email, exp: now + 300 })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: (await exportJWK(otherKeys.publicKey)).n?.slice(0, 10) })
        .sign(otherKeys.privateKey);
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const algNone = `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode({ iss: config.oidc.issuer, aud: config.oidc.audience, sub: 'someone', email, exp: now + 300 })}.`;
      const real = await signTestAccessToken(context, { email });
      const [header = '', payload = ''] = real.split('.');
      const realClaims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const tampered = `${header}.${encode({ ...realClaims, sub: 'someone-else' })}.${real.split('.')[2] ?? ''}`;

      const tokens: Record<string, string> = {
        forged,
        unknownKid,
        algNone,
        tampered,
        wrongAudience: await signTestAccessToken(context, { aud: 'https://other.example/api', email }),
        wrongIssuer: await signTestAccessToken(context, { iss: 'https://issuer.example', email }),
        // An ID token is not an access token.
        idTokenType: await signTestAccessToken(context, { email }, { typ: 'JWT' }),
        noSubject: await signTestAccessToken(context, { sub: undefined, email }),
        expiredAndWrongAudience: await signTestAccessToken(context, { aud: 'https://other.example/api', exp: past, iat: past - 60 }),
        garbage: 'not-a-token',
        threeParts: 'a.b.c',
      };
      for (const [kind, token] of Object.entries(tokens)) {
        const response = await get('/api/v1/user', bearer(token));
        expect({ kind, status: response.statusCode }).toEqual({ kind, status: 401 });
        expect(response.json()).toMatchObject({ error: 'unauthorized' });
      }
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe('user provisioning', () => {
    it('links the existing user with the same email on first sign-in (case-insensitive), then finds it by subject', async () => {
      const email = uniqueEmail('seeded');
      const seeded = await createUser(database.db, { email, name: 'Seeded Person' });
      const account = await createIdentityAccount(database.db, { email: email.toUpperCase(), name: 'Account Name' });
      const { accessToken } = await signIn(context, email);

      const first = await get('/test/me', bearer(accessToken));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ id: seeded.id, email, name: 'Seeded Person', isTeamMember: false, activeSupplierId: null });
      const [row] = await database.db.select().from(users).where(eq(users.id, seeded.id));
      expect(row?.subject).toBe(`${config.oidc.issuer}|${account.id}`);
      const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, String(seeded.id)));
      expect(audit.map((entry) => entry.action)).toContain('user.link-identity');

      const again = await get('/test/me', bearer(accessToken));
      expect(again.json()).toMatchObject({ id: seeded.id });
    });

    it('creates a user for an unknown email, named from the token', async () => {
      const email = uniqueEmail('newcomer');
      await createIdentityAccount(database.db, { email, name: 'Nova Newcomer' });
      const { accessToken } = await signIn(context, email);
      const response = await get('/api/v1/user', bearer(accessToken));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { email, name: 'Nova Newcomer' }, suppliers: [] });
      const rows = await database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
    });

    it('refuses an identity whose email belongs to a user linked to another identity', async () => {
      const email = uniqueEmail('taken');
      await createUser(database.db, { email, subject: `${config.oidc.issuer}|someone-else` });
      const token = await signTestAccessToken(context, { email, name: 'Impostor' });
      const response = await get('/api/v1/user', bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    });

    it('does not link by an email the issuer marks unverified', async () => {
      const email = uniqueEmail('unverified');
      const seeded = await createUser(database.db, { email });
      const token = await signTestAccessToken(context, { email, email_verified: false });
      const response = await get('/test/me', bearer(token));
      expect(response.statusCode).toBe(403);
      const [row] = await database.db.select().from(users).where(eq(users.id, seeded.id));
      expect(row?.subject).toBeNull();
    });

    it('provisions once when the first requests arrive together', async () => {
      const email = uniqueEmail('parallel');
      const token = await signTestAccessToken(context, { email, name: 'Parallel Person' });
      const responses = await Promise.all([1, 2, 3, 4].map(() => get('/test/me', bearer(token))));
      const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(ids.size).toBe(1);
    });
  });

  describe('the supplier context', () => {
    let member: Awaited<ReturnType<typeof createSignedInUser>>;
    let memberSupplier: number;
    let adminSupplier: number;
    let otherSupplier: number;
    let inactiveSupplier: number;
    let suspendedSupplier: number;

    beforeAll(async () => {
      const someoneElse = await createUser(database.db);
      ({ supplierId: memberSupplier } = await createSupplierWithMembers(database.db));
      ({ supplierId: adminSupplier } = await createSupplierWithMembers(database.db));
      ({ supplierId: otherSupplier } = await createSupplierWithMembers(database.db, { members: [{ userId: someoneElse.id, isAdmin: true }] }));
      ({ supplierId: inactiveSupplier } = await createSupplierWithMembers(database.db, { status: 'inactive' }));
      ({ supplierId: suspendedSupplier } = await createSupplierWithMembers(database.db, { status: 'suspended' }));
      member = await createSignedInUser(context, {
        suppliers: [
          { supplierId: memberSupplier },
          { supplierId: adminSupplier, isAdmin: true },
          { supplierId: inactiveSupplier, isAdmin: true },
          { supplierId: suspendedSupplier, isAdmin: true },
        ],
      });
    });

    it('answers 400 for a missing or malformed X-Supplier-Id', async () => {
      for (const supplierHeader of [undefined, '', 'abc', '0', '-1', '1.5', '1e3', ' ', '99999999999', '0012']) {
        const headers = { authorization: `Bearer ${member.accessToken}`, ...(supplierHeader === undefined ? {} : { 'x-supplier-id': supplierHeader }) };
        const response = await get('/test/supplier', headers);
        expect({ supplierHeader, status: response.statusCode }).toEqual({ supplierHeader, status: 400 });
        expect(response.json()).toMatchObject({ error: 'bad request' });
      }
    });

    it('answers the same 403 for another supplier, an inactive one, a suspended one and one that does not exist', async () => {
      for (const supplierId of [otherSupplier, inactiveSupplier, suspendedSupplier, 2_000_000_000]) {
        const response = await get('/test/supplier', bearer(member.accessToken, supplierId));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: 'forbidden', message: 'You do not have access to that supplier.' });
      }
    });

    it('sets the supplier context for a member', async () => {
      const response = await get('/test/supplier', bearer(member.accessToken, memberSupplier));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ supplierId: memberSupplier, isAdmin: false });
      const admin = await get('/test/supplier', bearer(member.accessToken, adminSupplier));
      expect(admin.json()).toEqual({ supplierId: adminSupplier, isAdmin: true });
    });

    it('requires the admin flag for requireSupplierAdmin', async () => {
      expect((await get('/test/supplier-admin', bearer(member.accessToken, memberSupplier))).statusCode).toBe(403);
      const admin = await get('/test/supplier-admin', bearer(member.accessToken, adminSupplier));
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({ supplierId: adminSupplier, isAdmin: true });
      expect((await get('/test/supplier-admin', bearer(member.accessToken, otherSupplier))).statusCode).toBe(403);
    });

    it('needs authentication first', async () => {
      const response = await get('/test/no-auth-supplier', { 'x-supplier-id': String(memberSupplier) });
      expect(response.statusCode).toBe(401);
    });
  });
});
