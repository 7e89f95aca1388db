/** /api/v1/account/second-factors/passkey…: a signed-in person adds a passkey to their own account only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_NOT_ADDED_MESSAGE,
  PASSKEY_SET_UP_EXPIRED_MESSAGE,
  type AddSecondFactorResponse,
  type SecondFactorsResponse,
} from '../../../common/api/second-factors';
import { relyingPartyOf } from '../../auth/passkeys';
import { bearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from '../../test/software-authenticator';

const API = '/api/v1/account';

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
}

describe('passkeys on Your account', () => {
  let context: TestContext;
  let origin = '';
  beforeAll(async () => {
    context = await buildTestApp();
    origin = relyingPartyOf(context.config).origin;
  });
  afterAll(() => context.close());

  const call = (person: SignedInUser, url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method: payload ? 'POST' : 'GET', url: `${API}${url}`, headers: bearer(person.accessToken), ...(payload ? { payload } : {}) });
  const startSetUp = async (person: SignedInUser) =>
    (await context.app.inject({ method: 'POST', url: `${API}/second-factors/passkey/set-up`, headers: bearer(person.accessToken) })).json<{ options: CreationOptions }>().options;
  const problemsOf = (body: string) => (JSON.parse(body) as { details?: { problems?: { field: string; message: string }[] } }).details?.problems ?? [];
  const add = async (person: SignedInUser, passkey: SoftwareAuthenticator, name = 'Laptop') =>
    call(person, '/second-factors/passkey', { name, response: passkey.register(await startSetUp(person), origin) });

  it('needs sign-in', async () => {
    expect((await context.app.inject({ method: 'POST', url: `${API}/second-factors/passkey/set-up` })).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'POST', url: `${API}/second-factors/passkey`, payload: { name: 'Laptop', response: {} } })).statusCode).toBe(401);
  });

  it('gives the browser options for this portal and the person, and adds the passkey it made', async () => {
    const person = await createSignedInUser(context);
    const options = await startSetUp(person);
    expect(options.rp.id).toBe(new URL(origin).hostname);
    expect(options.user.name).toBe(person.account.email);
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);

    const passkey = createSoftwareAuthenticator();
    const added = await call(person, '/second-factors/passkey', { name: ' Laptop ', response: passkey.register(options, origin) });
    expect(added.statusCode).toBe(201);
    const body = added.json<AddSecondFactorResponse>();
    expect(body.factor).toMatchObject({ kind: 'passkey', name: 'Laptop', lastUsedAt: null });
    expect(body.recoveryCodes).toHaveLength(10);
    const listed = (await call(person, '/second-factors')).json<SecondFactorsResponse>();
    expect(listed.factors.map(({ kind, name }) => ({ kind, name }))).toEqual([{ kind: 'passkey', name: 'Laptop' }]);

    // A second passkey comes without new codes; the same one again is refused.
    const second = await add(person, createSoftwareAuthenticator(), 'Security key');
    expect(second.statusCode).toBe(201);
    expect(second.json<AddSecondFactorResponse>().recoveryCodes).toEqual([]);
    const same = await add(person, passkey);
    expect(same.statusCode).toBe(400);
    expect(problemsOf(same.body)).toEqual([{ field: 'response', message: PASSKEY_ALREADY_ADDED_MESSAGE }]);
  });

  it('refuses a missing name, an answer it cannot check and a used set-up, storing nothing', async () => {
    const person = await createSignedInUser(context);
    const passkey = createSoftwareAuthenticator();
    const options = await startSetUp(person);
    const response = passkey.register(options, origin);

    const unnamed = await call(person, '/second-factors/passkey', { name: '  ', response });
    expect(unnamed.statusCode).toBe(400);
    expect(problemsOf(unnamed.body).map((problem) => problem.field)).toEqual(['name']);

    const phished = await call(person, '/second-factors/passkey', { name: 'Laptop', response: passkey.register(options, 'https://portal.example.net') });
    expect(phished.statusCode).toBe(400);
    expect(problemsOf(phished.body)).toEqual([{ field: 'response', message: PASSKEY_NOT_ADDED_MESSAGE }]);
    // That try used the set-up up.
    const late = await call(person, '/second-factors/passkey', { name: 'Laptop', response });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(PASSKEY_SET_UP_EXPIRED_MESSAGE);
    for (const payload of [{ name: 'Laptop' }, { name: 'Laptop', response, extra: 1 }, { name: 'x'.repeat(1000), response }]) {
      expect((await call(person, '/second-factors/passkey', payload)).statusCode).toBe(400);
    }
    expect((await call(person, '/second-factors')).json<SecondFactorsResponse>()).toEqual({ factors: [], recoveryCodesLeft: 0 });
  });

  it("cannot add a passkey to someone else's account with their set-up", async () => {
    const owner = await createSignedInUser(context);
    const attacker = await createSignedInUser(context);
    const ownersOptions = await startSetUp(owner);
    const made = createSoftwareAuthenticator().register(ownersOptions, origin);
    // The attacker has no set-up of their own waiting: the owner's challenge does not count for them.
    const added = await call(attacker, '/second-factors/passkey', { name: 'Mine now', response: made });
    expect(added.statusCode).toBe(409);
    expect((await call(owner, '/second-factors')).json<SecondFactorsResponse>().factors).toEqual([]);
    expect((await call(attacker, '/second-factors')).json<SecondFactorsResponse>().factors).toEqual([]);
  });
});
