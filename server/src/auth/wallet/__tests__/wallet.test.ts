import { eq } from 'drizzle-orm';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { createTestServer, type TestServer } from '../../../test/harness';
import { captureMail, signUpCustomer } from '../../testing';
import { enableTotp, stepUpByEmail } from '../../../security/testing';
import { oidcIdentities, users, walletLinks, walletNonces } from '../../tables';

/** A response envelope; tests read whatever fields the result has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { code: string; message: string; result: any };

// Well-known development keys (Hardhat/Anvil accounts 0–2): fixed, public, never funded anywhere that matters.
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const carol = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

let server: TestServer;
let site: URL;

beforeAll(async () => {
  server = await createTestServer();
  site = new URL(server.config.publicUrl);
});
afterAll(async () => server.close());

const base = '/swx/customer';

async function call(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const res = await server.app.inject({
    method,
    url: base + url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: token } : {},
  });
  return { status: res.statusCode, body: res.json() as Answer };
}

async function nonce(): Promise<string> {
  const { body } = await call('GET', '/login/dappNonce');
  expect(body.code).toBe('200');
  expect(body.result.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
  return body.result.nonce as string;
}

type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>;

/** A message as our client builds it, for `account`, with `fields` overriding the defaults. */
async function signedMessage(account: PrivateKeyAccount, fields: MessageFields = {}) {
  const now = new Date();
  const message = createSiweMessage({
    domain: site.host,
    address: account.address,
    statement: 'Sign in to SWX.',
    uri: site.origin,
    version: '1',
    chainId: 1,
    nonce: fields.nonce ?? (await nonce()),
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
    ...fields,
  });
  return { message, signature: await account.signMessage({ message }) };
}

async function walletSignUp(ticket: string, username: string) {
  const email = `${username}@example.com`;
  // signUpCustomer installs its own capture: take the transport back before sending.
  const mail = captureMail(server);
  const sent = await call('POST', '/login/sendCode', { email, scene: 'register' });
  expect(sent.body.code).toBe('200');
  return call('POST', '/login/registerByDapp', { ticket, username, email, code: mail.codeFor(email) });
}

describe('wallet sign-in', () => {
  it('signs up a new address with a username and e-mail, then signs the same wallet in', async () => {
    const first = await call('POST', '/login/loginByDapp', await signedMessage(alice));
    expect(first.body.code).toBe('200');
    expect(first.body.result.signUp.address).toBe(alice.address);
    expect(first.body.result.token).toBeUndefined();

    const created = await walletSignUp(first.body.result.signUp.ticket, 'wallet_alice');
    expect(created.body).toMatchObject({ code: '200', result: { userInfo: { username: 'wallet_alice' } } });
    const me = await call('POST', '/user/getUserInfo', undefined, created.body.result.token);
    expect(me.body.result.username).toBe('wallet_alice');

    const again = await call('POST', '/login/loginByDapp', await signedMessage(alice));
    expect(again.body.code).toBe('200');
    expect(again.body.result.userInfo.id).toBe(created.body.result.userInfo.id);
    const [link] = await server.database.db.select().from(walletLinks);
    expect(link?.address).toBe(alice.address.toLowerCase());

    // The account has no password: no password signs it in, and the ticket cannot open a second account.
    const byPassword = await call('POST', '/login/login', { account: 'wallet_alice', password: '!' });
    expect(byPassword.body.code).toBe('10004');
    const reused = await walletSignUp(first.body.result.signUp.ticket, 'wallet_alice2');
    expect(reused.body.code).toBe('11125');
  });

  it('refuses a message for another domain, URI or chain, and leaves its nonce usable', async () => {
    const fresh = await nonce();
    for (const fields of [
      { domain: 'evil.example' },
      { uri: 'https://evil.example/' },
      { chainId: 137 },
    ] satisfies MessageFields[]) {
      const refused = await call(
        'POST',
        '/login/loginByDapp',
        await signedMessage(bob, { ...fields, nonce: fresh }),
      );
      expect({ fields, code: refused.body.code, status: refused.status }).toEqual({
        fields,
        code: '11121',
        status: 400,
      });
    }
    const accepted = await call('POST', '/login/loginByDapp', await signedMessage(bob, { nonce: fresh }));
    expect(accepted.body.code).toBe('200');
  });

  it('spends a nonce once: the same signed message replayed is refused', async () => {
    const signed = await signedMessage(bob);
    expect((await call('POST', '/login/loginByDapp', signed)).body.code).toBe('200');
    const replayed = await call('POST', '/login/loginByDapp', signed);
    expect(replayed.body.code).toBe('11122');
  });

  it('refuses a nonce the server never issued', async () => {
    const made = await call(
      'POST',
      '/login/loginByDapp',
      await signedMessage(bob, { nonce: 'abcdef0123456789' }),
    );
    expect(made.body.code).toBe('11122');
  });

  it('refuses an expired message, a message issued in the future and an expired nonce', async () => {
    const past = new Date(Date.now() - 10 * 60_000);
    const expired = await signedMessage(bob, {
      issuedAt: past,
      expirationTime: new Date(past.getTime() + 60_000),
    });
    expect((await call('POST', '/login/loginByDapp', expired)).body.code).toBe('11122');

    const future = await signedMessage(bob, { issuedAt: new Date(Date.now() + 10 * 60_000) });
    expect((await call('POST', '/login/loginByDapp', future)).body.code).toBe('11122');

    const stale = await nonce();
    await server.database.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, stale));
    const late = await call('POST', '/login/loginByDapp', await signedMessage(bob, { nonce: stale }));
    expect(late.body.code).toBe('11122');
  });

  it('refuses a signature by another key than the address in the message', async () => {
    const { message } = await signedMessage(alice);
    const signature = await bob.signMessage({ message });
    const forged = await call('POST', '/login/loginByDapp', { message, signature });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('11123');
    // The nonce survives the refusal: alice's own signature still signs her in.
    const genuine = await call('POST', '/login/loginByDapp', {
      message,
      signature: await alice.signMessage({ message }),
    });
    expect(genuine.body.code).toBe('200');
  });

  it('refuses a malformed signature and a message with anything added', async () => {
    const signed = await signedMessage(bob);
    const short = await call('POST', '/login/loginByDapp', { ...signed, signature: '0x1234' });
    expect(short.body.code).toBe('11123');
    const padded = await call('POST', '/login/loginByDapp', {
      ...signed,
      message: `${signed.message}\nextra`,
    });
    expect(padded.body.code).toBe('11120');
  });

  it('does not sign in a disabled customer', async () => {
    const signed = await signedMessage(carol);
    const first = await call('POST', '/login/loginByDapp', signed);
    const created = await walletSignUp(first.body.result.signUp.ticket, 'wallet_carol');
    expect(created.body.code).toBe('200');
    await server.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, BigInt(created.body.result.userInfo.id)));
    const refused = await call('POST', '/login/loginByDapp', await signedMessage(carol));
    expect(refused.body.code).toBe('10005');
  });
});

describe('linking a wallet from the settings', () => {
  it('links a wallet to a password account, which then signs in with it', async () => {
    const wallet = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
    const customer = await signUpCustomer(server);
    // Linking is a sensitive action: without a fresh second factor it is refused, and nothing is spent.
    expect(
      (await call('POST', '/user/linkWallet', await signedMessage(wallet), customer.token)).body.code,
    ).toBe('11200');
    await stepUpByEmail(server, customer);
    const linked = await call('POST', '/user/linkWallet', await signedMessage(wallet), customer.token);
    expect(linked.body).toMatchObject({
      code: '200',
      result: { wallets: [{ address: wallet.address }], hasPassword: true },
    });
    const signedIn = await call('POST', '/login/loginByDapp', await signedMessage(wallet));
    expect(signedIn.body.result.userInfo.id).toBe(customer.userId);
    // Linking it again changes nothing.
    const twice = await call('POST', '/user/linkWallet', await signedMessage(wallet), customer.token);
    expect(twice.body.result.wallets).toHaveLength(1);

    const unlinked = await call('POST', '/user/unlinkWallet', { address: wallet.address }, customer.token);
    expect(unlinked.body.result.wallets).toEqual([]);
  });

  it('refuses an address already linked to another account, whichever case it is written in', async () => {
    const owner = await signUpCustomer(server);
    const other = await signUpCustomer(server);
    await stepUpByEmail(server, owner);
    await stepUpByEmail(server, other);
    const wallet = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');
    expect((await call('POST', '/user/linkWallet', await signedMessage(wallet), owner.token)).body.code).toBe(
      '200',
    );
    const lower = wallet.address.toLowerCase() as `0x${string}`;
    const { message } = await signedMessage(wallet, { address: lower });
    const signature = await wallet.signMessage({ message });
    const taken = await call('POST', '/user/linkWallet', { message, signature }, other.token);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('11124');
    const rows = await server.database.db.select().from(walletLinks).where(eq(walletLinks.address, lower));
    expect(rows.map((row) => String(row.userId))).toEqual([owner.userId]);
  });

  it('will not unlink the only wallet of an account without a password', async () => {
    const wallet = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba');
    const first = await call('POST', '/login/loginByDapp', await signedMessage(wallet));
    const created = await walletSignUp(first.body.result.signUp.ticket, 'wallet_dave');
    await stepUpByEmail(server, { token: created.body.result.token, email: 'wallet_dave@example.com' });
    const refused = await call(
      'POST',
      '/user/unlinkWallet',
      { address: wallet.address },
      created.body.result.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('11126');
    // A linked provider identity is another way in: now the wallet may go.
    await server.database.db.insert(oidcIdentities).values({
      userId: BigInt(created.body.result.userInfo.id),
      provider: 'google',
      issuer: 'https://accounts.example.test',
      subject: 'dave-1',
    });
    const unlinked = await call(
      'POST',
      '/user/unlinkWallet',
      { address: wallet.address },
      created.body.result.token,
    );
    expect(unlinked.body.code).toBe('200');
    expect(unlinked.body.result.wallets).toEqual([]);
  });

  it('asks an account with two-factor on for its second factor after the signature', async () => {
    const wallet = privateKeyToAccount('0x1f2a4e6c8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a');
    const customer = await signUpCustomer(server);
    await stepUpByEmail(server, customer);
    await call('POST', '/user/linkWallet', await signedMessage(wallet), customer.token);
    await enableTotp(server, customer.token);
    const signedIn = await call('POST', '/login/loginByDapp', await signedMessage(wallet));
    expect(signedIn.body.result.token).toBeUndefined();
    expect(signedIn.body.result.secondFactor.methods).toEqual(['totp', 'recovery']);
  });

  it('asks for a session before reading the body', async () => {
    const guest = await call('POST', '/user/linkWallet', { message: 1 });
    expect(guest.status).toBe(401);
  });
});
