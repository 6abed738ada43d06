import { createTestServer, type TestServer } from '../../test/harness';
import { signUpCustomer } from '../../auth/testing';
import { customerCall, stepUpByEmail } from '../testing';
import { SoftAuthenticator } from './soft-authenticator';

// Passkeys through the real endpoints and SimpleWebAuthn's real verification, answered by a software
// authenticator (the end-to-end test uses Chromium's virtual one).
const PUBLIC_URL = 'http://localhost:3998';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ env: { PUBLIC_URL } });
});
afterAll(() => server.close());

const post = (url: string, payload?: object, token = '') => customerCall(server, token, 'POST', url, payload);

/** A customer with one registered passkey. */
async function withPasskey() {
  const customer = await signUpCustomer(server);
  const key = new SoftAuthenticator({ origin: PUBLIC_URL, rpId: 'localhost' });
  await stepUpByEmail(server, customer);
  const options = await post('/user/security/passkeys/options', undefined, customer.token);
  expect(options.code).toBe('200');
  expect(options.result.options).toMatchObject({
    rp: { id: 'localhost', name: 'SWX' },
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const added = await post(
    '/user/security/passkeys',
    {
      passkey: { ceremonyId: options.result.ceremonyId, response: key.register(options.result.options) },
      name: 'Laptop',
    },
    customer.token,
  );
  expect(added.code).toBe('200');
  expect(added.result).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedAt: null })]);
  return { customer, key };
}

async function passkeySignIn(key: SoftAuthenticator, overrides: { counter?: number; id?: string } = {}) {
  const options = await post('/login/passkeyOptions');
  return post('/login/loginByPasskey', {
    passkey: {
      ceremonyId: options.result.ceremonyId,
      response: key.assert(options.result.options, overrides),
    },
  });
}

it('registers a passkey only after a step-up, and signs in with it alone', async () => {
  const customer = await signUpCustomer(server);
  expect((await post('/user/security/passkeys/options', undefined, customer.token)).code).toBe('11200');
  const { key, customer: owner } = await withPasskey();
  const signedIn = await passkeySignIn(key);
  expect(signedIn.code).toBe('200');
  expect(signedIn.result.userInfo.id).toBe(owner.userId);
  const history = await customerCall(server, signedIn.result.token, 'GET', '/user/security/history');
  expect(history.result[0]).toMatchObject({ method: 'passkey', result: 'succeeded' });
});

it('a passkey answers the second step of a password sign-in', async () => {
  const { customer, key } = await withPasskey();
  const first = await post('/login/login', { account: customer.username, password: customer.password });
  expect(first.result.secondFactor.methods).toEqual(['passkey']);
  const ceremony = await post('/login/secondFactor/passkey', { ticket: first.result.secondFactor.ticket });
  const done = await post('/login/secondFactor', {
    ticket: first.result.secondFactor.ticket,
    method: 'passkey',
    passkey: { ceremonyId: ceremony.result.ceremonyId, response: key.assert(ceremony.result.options) },
  });
  expect(done.code).toBe('200');
  expect(done.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

it('refuses an unknown credential, a replayed ceremony, a counter that went back and a missing user verification', async () => {
  const { key } = await withPasskey();
  const stranger = new SoftAuthenticator({ origin: PUBLIC_URL, rpId: 'localhost' });
  expect((await passkeySignIn(stranger)).code).toBe('11206');

  const options = await post('/login/passkeyOptions');
  const answer = { ceremonyId: options.result.ceremonyId, response: key.assert(options.result.options) };
  expect((await post('/login/loginByPasskey', { passkey: answer })).code).toBe('200');
  expect((await post('/login/loginByPasskey', { passkey: answer })).code).toBe('11209');

  // The stored counter is now 2 (one sign-in above, one here); an assertion carrying 1 is a cloned key.
  expect((await passkeySignIn(key)).code).toBe('200');
  expect((await passkeySignIn(key, { counter: 1 })).code).toBe('11208');

  key.userVerified = false;
  expect((await passkeySignIn(key)).code).toBe('11207');
});

it('refuses an assertion made for another site', async () => {
  const { key } = await withPasskey();
  const phishing = new SoftAuthenticator({ origin: 'http://localhost.evil.example', rpId: 'localhost' });
  Object.assign(phishing, { credentialId: key['credentialId'], keys: key['keys'] });
  const options = await post('/login/passkeyOptions');
  const answer = phishing.assert(options.result.options);
  expect(
    (
      await post('/login/loginByPasskey', {
        passkey: { ceremonyId: options.result.ceremonyId, response: answer },
      })
    ).code,
  ).toBe('11207');
});

it('renames and removes passkeys (removing needs a step-up), and tells the customer by e-mail', async () => {
  const { customer } = await withPasskey();
  const [passkey] = (await customerCall(server, customer.token, 'GET', '/user/security')).result.passkeys;
  const renamed = await post(
    '/user/security/passkeys/rename',
    { id: passkey.id, name: 'Work laptop' },
    customer.token,
  );
  expect(renamed.result[0].name).toBe('Work laptop');
  expect(
    (await post('/user/security/passkeys/rename', { id: passkey.id, name: '\u202Eevil' }, customer.token))
      .code,
  ).toBe('11223');
  const removed = await post('/user/security/passkeys/remove', { id: passkey.id }, customer.token);
  expect(removed.result).toEqual([]);
  const changes = await customerCall(server, customer.token, 'GET', '/user/security/changes');
  expect(changes.result.map((c: { change: string }) => c.change)).toEqual(['passkeyRemoved', 'passkeyAdded']);
});
