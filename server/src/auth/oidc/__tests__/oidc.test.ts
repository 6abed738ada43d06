import crypto from 'node:crypto';
import pino from 'pino';
import { createTestServer, type TestServer } from '../../../test/harness';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../../test/oidc-provider';
import { signUpCustomer, testSignInContext } from '../../testing';
import { OidcService } from '../service';
import { tamperingFetch } from './tamper';
import { enableTotp, stepUpByEmail, stepUpWithTotp } from '../../../security/testing';

// Every flow here runs against a real OpenID Provider (oidc-provider 8.8 in a child process): its login and
// consent pages, its token endpoint, its signing keys. Two providers are configured (two clients of it).
const PUBLIC_URL = 'http://127.0.0.1:3999';
const callbackFor = (name: string) => `${PUBLIC_URL}/api/loginCallback/${name}`;

let provider: TestProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await startTestProvider([
    {
      client_id: 'swx-google',
      client_secret: 'google-secret-0123456789',
      redirect_uris: [callbackFor('google')],
    },
    {
      client_id: 'swx-apple',
      client_secret: 'apple-secret-0123456789',
      redirect_uris: [callbackFor('apple')],
    },
  ]);
  server = await createTestServer({
    env: {
      PUBLIC_URL,
      OIDC_PROVIDERS: 'google,apple',
      OIDC_GOOGLE_ISSUER: provider.issuer,
      OIDC_GOOGLE_CLIENT_ID: 'swx-google',
      OIDC_GOOGLE_CLIENT_SECRET: 'google-secret-0123456789',
      OIDC_GOOGLE_SCOPES: 'openid email',
      OIDC_APPLE_ISSUER: provider.issuer,
      OIDC_APPLE_CLIENT_ID: 'swx-apple',
      OIDC_APPLE_CLIENT_SECRET: 'apple-secret-0123456789',
      OIDC_APPLE_SCOPES: 'openid email',
      OIDC_APPLE_LABEL: 'Apple',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await provider?.stop();
});

/** The browser's cookies: the social state cookie the start sets must come back with the callback. */
const jar = new Map<string, string>();

async function call(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const res = await server.app.inject({
    method,
    url: `/swx/customer${url}`,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    cookies: Object.fromEntries(jar),
  });
  for (const cookie of res.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked by each test
  return res.json() as { code: string; result: any };
}

/** Starts at our server, signs in at the provider as `login`, and returns the provider's answer. */
async function providerAnswer(
  name: string,
  login: string,
  options: { token?: string; returnTo?: string; deny?: boolean } = {},
) {
  const started = options.token
    ? await call('POST', `/user/socialLink/${name}`, {}, options.token)
    : await call(
        'POST',
        `/login/loginBy${name[0]!.toUpperCase()}${name.slice(1)}`,
        options.returnTo ? { returnTo: options.returnTo } : {},
      );
  expect(started.code).toBe('200');
  return signInAtProvider(started.result.authorizationUrl, callbackFor(name), login, options);
}

const finish = (name: string, callback: string, token?: string) =>
  call('POST', `/login/socialCallback/${name}`, { callback }, token);

const unique = () => crypto.randomBytes(4).toString('hex');

it('lists the configured providers, and only those', async () => {
  const listed = await call('GET', '/login/socialProviders');
  expect(listed.result).toEqual([
    { name: 'google', label: 'Google' },
    { name: 'apple', label: 'Apple' },
  ]);
  expect((await call('POST', '/login/loginByGithub', {})).code).toBe('11110');
});

it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
  const started = await call('POST', '/login/loginByGoogle', {});
  const url = new URL(started.result.authorizationUrl);
  expect(url.origin).toBe(provider.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  for (const name of ['code_challenge', 'state', 'nonce'])
    expect(url.searchParams.get(name)?.length).toBeGreaterThan(20);
  expect(url.searchParams.get('redirect_uri')).toBe(callbackFor('google'));
});

it('a new identity chooses a username, then signs in directly next time; landing where it started', async () => {
  const login = `carol${unique()}`;
  const first = await finish(
    'google',
    await providerAnswer('google', login, { returnTo: '/trade?code=BTC' }),
  );
  expect(first.result).toMatchObject({ outcome: 'chooseUsername', email: null, returnTo: '/trade?code=BTC' });
  const registered = await call('POST', '/login/socialRegister', {
    ticket: first.result.ticket,
    username: `u_${unique()}`,
  });
  expect(registered.code).toBe('200');
  expect(registered.result.userInfo.email).toBe('');
  // The ticket is single-use.
  expect(
    (await call('POST', '/login/socialRegister', { ticket: first.result.ticket, username: `u_${unique()}` }))
      .code,
  ).toBe('11111');

  const again = await finish('google', await providerAnswer('google', login));
  expect(again.result.outcome).toBe('signedIn');
  expect(again.result.userInfo.id).toBe(registered.result.userInfo.id);
  expect((await call('POST', '/user/getUserInfo', {}, again.result.token)).code).toBe('200');
});

it('a verified e-mail of an existing account links only after that account password', async () => {
  const owner = await signUpCustomer(server);
  const answer = await finish('google', await providerAnswer('google', owner.email));
  expect(answer.result).toMatchObject({ outcome: 'confirmLink', email: owner.email });
  const ticket = answer.result.ticket as string;
  // Not by opening a second account with the same address, not with a wrong password.
  expect((await call('POST', '/login/socialRegister', { ticket, username: `u_${unique()}` })).code).toBe(
    '10007',
  );
  expect(
    (await call('POST', '/login/socialConfirmLink', { ticket, password: 'wrong-password-1' })).code,
  ).toBe('10004');
  const linked = await call('POST', '/login/socialConfirmLink', { ticket, password: owner.password });
  expect(linked.code).toBe('200');
  expect(linked.result.userInfo.id).toBe(owner.userId);
  const next = await finish('google', await providerAnswer('google', owner.email));
  expect(next.result).toMatchObject({ outcome: 'signedIn', userInfo: { id: owner.userId } });
});

it('an unverified provider e-mail is neither used nor matched against accounts', async () => {
  const owner = await signUpCustomer(server);
  const answer = await finish('google', await providerAnswer('google', `unverified.${owner.email}`));
  expect(answer.result).toMatchObject({ outcome: 'chooseUsername', email: null });
});

it('refuses a tampered state, and a replayed answer (state used up, then the code itself)', async () => {
  const callback = await providerAnswer('google', `erin${unique()}`);
  const tampered = new URLSearchParams(callback);
  tampered.set('state', `${tampered.get('state')}x`);
  // A state this browser never started (no cookie holds its hash) is refused before anything is looked up.
  expect((await finish('google', tampered.toString())).code).toBe('11219');
  expect((await finish('apple', callback)).code).toBe('11111');
  const held = new Map(jar);
  expect((await finish('google', callback)).result.outcome).toBe('chooseUsername');
  // The answered attempt's cookie is gone; with it back, the state is used up all the same.
  expect((await finish('google', callback)).code).toBe('11219');
  for (const [name, value] of held) jar.set(name, value);
  expect((await finish('google', callback)).code).toBe('11111');
  // Even with the attempt made usable again, the provider refuses a code it has already exchanged.
  await server.database.db.execute(`update oidc_attempts set consumed_at = null` as never);
  expect((await finish('google', callback)).code).toBe('11112');
});

it('refuses a callback opened in another browser (no state cookie), which leaves it to its own browser', async () => {
  const callback = await providerAnswer('google', `olga${unique()}`);
  const mine = new Map(jar);
  jar.clear();
  expect((await finish('google', callback)).code).toBe('11219');
  for (const [name, value] of mine) jar.set(name, value);
  expect((await finish('google', callback)).result.outcome).toBe('chooseUsername');
});

it('asks a known identity of an account with two-factor on for the second factor', async () => {
  const login = `pia${unique()}`;
  const first = await finish('google', await providerAnswer('google', login));
  const registered = await call('POST', '/login/socialRegister', {
    ticket: first.result.ticket,
    username: `u_${unique()}`,
  });
  await enableTotp(server, registered.result.token);
  const again = await finish('google', await providerAnswer('google', login));
  expect(again.result).toMatchObject({
    outcome: 'secondFactor',
    secondFactor: { methods: ['totp', 'recovery'] },
  });
  expect(again.result.token).toBeUndefined();
});

it('says consent was denied when the customer cancels at the provider', async () => {
  const callback = await providerAnswer('google', `frank${unique()}`, { deny: true });
  expect(new URLSearchParams(callback).get('error')).toBe('access_denied');
  expect((await finish('google', callback)).code).toBe('11113');
});

describe('ID tokens with one thing wrong, signed with the provider key, are refused', () => {
  let service: OidcService;
  let tamper: ReturnType<typeof tamperingFetch>;
  beforeAll(() => {
    tamper = tamperingFetch(provider);
    service = new OidcService({
      db: server.database.db,
      auth: server.services.auth,
      providers: server.config.oidcProviders,
      publicUrl: PUBLIC_URL,
      log: pino({ level: 'silent' }),
      customFetch: tamper.customFetch,
    });
  });
  afterEach(() => {
    delete tamper.state.rewrite;
    delete tamper.state.signer;
  });
  const attempt = async () => {
    const { authorizationUrl } = await service.start('google', undefined);
    const callback = await signInAtProvider(authorizationUrl, callbackFor('google'), `gina${unique()}`);
    return service.finish('google', callback, null, () => true, testSignInContext('provider'));
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('passes untampered (the interception itself changes nothing)', async () => {
    tamper.state.rewrite = (claims) => claims;
    expect((await attempt()).outcome).toBe('chooseUsername');
  });
  it.each([
    ['wrong nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'not-the-nonce' })],
    ['wrong audience', (c: Record<string, unknown>) => ({ ...c, aud: 'swx-apple' })],
    ['expired', (c: Record<string, unknown>) => ({ ...c, iat: now() - 7200, exp: now() - 3600 })],
    ['wrong issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'http://127.0.0.1:1' })],
  ])('%s', async (_name, rewrite) => {
    tamper.state.rewrite = rewrite;
    await expect(attempt()).rejects.toMatchObject({ code: '11112' });
  });
  it('signed by a key that is not the provider', async () => {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    tamper.state.rewrite = (claims) => claims;
    tamper.state.signer = { ...privateKey.export({ format: 'jwk' }), kid: provider.jwk.kid };
    await expect(attempt()).rejects.toMatchObject({ code: '11112' });
  });
});

describe('settings: link and unlink', () => {
  it('links a second provider, and never removes the last sign-in method', async () => {
    const login = `hank${unique()}`;
    const first = await finish('google', await providerAnswer('google', login));
    const { result } = await call('POST', '/login/socialRegister', {
      ticket: first.result.ticket,
      username: `u_${unique()}`,
    });
    const token = result.token as string;
    let identities = await call('GET', '/user/socialIdentities', undefined, token);
    expect(identities.result).toMatchObject({ hasPassword: false, available: [{ name: 'apple' }] });
    // Linking and unlinking are sensitive: a fresh second factor first (this customer has no e-mail, so an
    // authenticator app).
    expect((await call('POST', '/user/socialUnlink/google', {}, token)).code).toBe('11200');
    const { secret } = await enableTotp(server, token);
    await stepUpWithTotp(server, token, secret);
    expect((await call('POST', '/user/socialUnlink/google', {}, token)).code).toBe('11115');

    // A link answer needs the customer who started it to be signed in.
    const answer = await providerAnswer('apple', `ivy${unique()}`, { token });
    expect((await finish('apple', answer)).code).toBe('401');
    const linkAnswer = await providerAnswer('apple', `ivy${unique()}`, { token });
    expect((await finish('apple', linkAnswer, token)).result.outcome).toBe('linked');
    identities = await call('GET', '/user/socialIdentities', undefined, token);
    expect(identities.result.identities.map((i: { provider: string }) => i.provider)).toEqual([
      'google',
      'apple',
    ]);

    const unlinked = await call('POST', '/user/socialUnlink/google', {}, token);
    expect(unlinked.code).toBe('200');
    expect(unlinked.result.identities.map((i: { provider: string }) => i.provider)).toEqual(['apple']);
    expect((await call('POST', '/user/socialUnlink/apple', {}, token)).code).toBe('11115');
  });

  it('refuses to link an identity that belongs to someone else', async () => {
    const login = `jill${unique()}`;
    const first = await finish('google', await providerAnswer('google', login));
    await call('POST', '/login/socialRegister', { ticket: first.result.ticket, username: `u_${unique()}` });
    const other = await signUpCustomer(server);
    await stepUpByEmail(server, other);
    const answer = await providerAnswer('google', login, { token: other.token });
    expect((await finish('google', answer, other.token)).code).toBe('11114');
  });

  it('a customer with a password can unlink their only provider', async () => {
    const owner = await signUpCustomer(server);
    await stepUpByEmail(server, owner);
    const answer = await providerAnswer('google', `kim${unique()}`, { token: owner.token });
    expect((await finish('google', answer, owner.token)).result.outcome).toBe('linked');
    expect((await call('POST', '/user/socialUnlink/google', {}, owner.token)).code).toBe('200');
  });
});
