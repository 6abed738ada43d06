import { verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { discoverWallets, signInMessage, WalletError, type Eip1193Provider } from '..';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

/** An EIP-1193 provider backed by a local account, as a wallet would be. */
function localWallet(overrides: Partial<Record<string, () => unknown>> = {}): Eip1193Provider {
  return {
    async request({ method, params }) {
      const override = overrides[method];
      if (override) return override();
      if (method === 'eth_requestAccounts') return [account.address.toLowerCase()];
      if (method === 'personal_sign') {
        const [raw] = params as [Hex, string];
        return account.signMessage({ message: { raw } });
      }
      throw Object.assign(new Error('unsupported'), { code: 4200 });
    },
  };
}

function announce(target: Window, info: object, provider: Eip1193Provider) {
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    ),
  );
}

describe('discoverWallets', () => {
  afterEach(() => {
    delete (window as Window & { ethereum?: unknown }).ethereum;
  });

  it('offers every announced wallet once, by name, keeping only image data icons', async () => {
    const target = new EventTarget() as unknown as Window;
    const first = localWallet();
    const second = localWallet();
    announce(
      target,
      { uuid: 'a', name: 'First Wallet', icon: 'data:image/png;base64,AAAA', rdns: 'io.first' },
      first,
    );
    announce(target, { uuid: 'b', name: 'Second', icon: 'javascript:alert(1)', rdns: 'io.second' }, second);
    announce(target, { uuid: 'a', name: 'First Wallet', icon: '', rdns: 'io.first' }, first);
    announce(target, { uuid: 'c', name: 'No provider' }, undefined as unknown as Eip1193Provider);
    const found = await discoverWallets(target, 10);
    expect(found.map(({ id, name, icon }) => ({ id, name, icon }))).toEqual([
      { id: 'a', name: 'First Wallet', icon: 'data:image/png;base64,AAAA' },
      { id: 'b', name: 'Second', icon: null },
    ]);
    expect(found[0]?.provider).toBe(first);
  });

  it('falls back to window.ethereum when no wallet announces itself, and finds none without it', async () => {
    expect(await discoverWallets(window, 10)).toEqual([]);
    const injected = localWallet();
    (window as Window & { ethereum?: unknown }).ethereum = injected;
    const found = await discoverWallets(window, 10);
    expect(found).toEqual([{ id: 'injected', name: '', icon: null, rdns: null, provider: injected }]);
  });
});

describe('signInMessage', () => {
  const nonce = { nonce: 'a1b2c3d4e5f60718', chainId: 1, expiresAt: '2026-11-23T19:05:00.000Z' };
  const site = { host: 'swx.example', origin: 'https://swx.example' };
  const now = new Date('2026-11-23T19:00:00.000Z');

  it('builds the EIP-4361 message for this site and gets it signed by the wallet', async () => {
    const signed = await signInMessage(localWallet(), nonce, site, now);
    expect(signed.address).toBe(account.address);
    expect(parseSiweMessage(signed.message)).toMatchObject({
      domain: 'swx.example',
      address: account.address,
      uri: 'https://swx.example',
      chainId: 1,
      nonce: 'a1b2c3d4e5f60718',
      issuedAt: now,
      expirationTime: new Date('2026-11-23T19:05:00.000Z'),
    });
    expect(
      await verifyMessage({
        address: account.address,
        message: signed.message,
        signature: signed.signature as Hex,
      }),
    ).toBe(true);
  });

  it('tells a declined request from a wallet without an account', async () => {
    const declined = localWallet({
      personal_sign: () => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })),
    });
    await expect(signInMessage(declined, nonce, site, now)).rejects.toMatchObject({ reason: 'rejected' });
    const empty = localWallet({ eth_requestAccounts: () => [] });
    await expect(signInMessage(empty, nonce, site, now)).rejects.toBeInstanceOf(WalletError);
    await expect(signInMessage(empty, nonce, site, now)).rejects.toMatchObject({ reason: 'noAccount' });
  });
});
