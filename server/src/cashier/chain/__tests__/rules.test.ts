import fc from 'fast-check';
import Decimal from 'decimal.js';
import { propertyRuns } from '../../../test/property-runs';
import { loadConfig } from '../../../config';
import { chainNetworksFrom, explorerLink, type ChainNetwork } from '../networks';
import { amountOf, classify, confirmationsOf, creditedAmount } from '../rules';

/** Enough digits for any uint256 scaled by any decimals. */
const Wide = Decimal.clone({ precision: 120 });
const usdtContract = '0xdac17f958d2ee523a2206206994597c13d831ec7';

const ethereum = (extra: Record<string, unknown> = {}) => ({
  id: 'ethereum',
  name: 'Ethereum',
  chainId: 1,
  rpcUrl: 'https://node.example/key',
  confirmations: 12,
  explorerTxUrl: 'https://etherscan.io/tx/{txHash}',
  tokens: [
    { coin: 'ETH', formNetwork: 'ETH' },
    {
      coin: 'USDT',
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      decimals: 6,
      formNetwork: 'ERC20',
    },
  ],
  ...extra,
});

describe('CHAIN_NETWORKS', () => {
  it('watches nothing when unset, and reads a network with its tokens', () => {
    expect(chainNetworksFrom(undefined)).toEqual([]);
    expect(chainNetworksFrom(' ')).toEqual([]);
    const [network] = chainNetworksFrom(JSON.stringify([ethereum()]));
    expect(network).toEqual({
      id: 'ethereum',
      name: 'Ethereum',
      chainId: 1,
      rpcUrl: 'https://node.example/key',
      confirmations: 12,
      explorerTxUrl: 'https://etherscan.io/tx/{txHash}',
      startBlock: undefined,
      reorgWindow: 64,
      blocksPerPass: 100,
      gasPriceCapGwei: '200',
      tokens: [
        { coin: 'ETH', contract: undefined, decimals: 18, formNetwork: 'ETH' },
        { coin: 'USDT', contract: usdtContract, decimals: 6, formNetwork: 'ERC20' },
      ],
    });
    expect(explorerLink(network!, '0xabc')).toBe('https://etherscan.io/tx/0xabc');
  });

  it('reads a sweep threshold in the coin, exactly, to its smallest unit', () => {
    const [network] = chainNetworksFrom(
      JSON.stringify([
        ethereum({
          tokens: [
            { coin: 'ETH', sweepThreshold: '0.000000000000000001' },
            { coin: 'USDT', contract: usdtContract, decimals: 6, sweepThreshold: '100.5' },
          ],
        }),
      ]),
    );
    expect(network!.tokens.map((token) => token.sweepThreshold)).toEqual([1n, 100_500_000n]);
  });

  it.each([
    ['not JSON', '{', /JSON array/],
    ['an object', '{}', /JSON array/],
    ['a bad id', [ethereum({ id: 'Ethereum!' })], /id must be/],
    ['a zero chain id', [ethereum({ chainId: 0 })], /chainId must be an integer/],
    ['a chain id past BIP-32', [ethereum({ chainId: 2 ** 31 })], /chainId must be an integer/],
    ['plain http to another machine', [ethereum({ rpcUrl: 'http://node.example' })], /https/],
    ['no confirmations', [ethereum({ confirmations: 0 })], /confirmations/],
    ['an explorer without {txHash}', [ethereum({ explorerTxUrl: 'https://etherscan.io/tx/' })], /txHash/],
    ['a reorg window below the confirmations', [ethereum({ reorgWindow: 5 })], /reorgWindow/],
    ['no tokens', [ethereum({ tokens: [] })], /tokens/],
    ['a coin the ledger lacks', [ethereum({ tokens: [{ coin: 'DOGE' }] })], /coin must be/],
    ['a bad contract', [ethereum({ tokens: [{ coin: 'USDT', contract: '0x12', decimals: 6 }] })], /contract/],
    [
      'a token without decimals',
      [ethereum({ tokens: [{ coin: 'USDT', contract: usdtContract }] })],
      /decimals/,
    ],
    [
      'a sweep threshold as a number',
      [ethereum({ tokens: [{ coin: 'ETH', sweepThreshold: 1 }] })],
      /sweepThreshold must be a decimal string/,
    ],
    [
      'a sweep threshold finer than the token',
      [
        ethereum({
          tokens: [{ coin: 'USDT', contract: usdtContract, decimals: 6, sweepThreshold: '1.1234567' }],
        }),
      ],
      /sweepThreshold must be a decimal of at most 6 decimals/,
    ],
    [
      'a negative sweep threshold',
      [ethereum({ tokens: [{ coin: 'ETH', sweepThreshold: '-1' }] })],
      /sweepThreshold/,
    ],
    ['two native coins', [ethereum({ tokens: [{ coin: 'ETH' }, { coin: 'BTC' }] })], /one native/],
    [
      'a form network of another coin',
      [ethereum({ tokens: [{ coin: 'ETH', formNetwork: 'TRC20' }] })],
      /formNetwork/,
    ],
    [
      'two networks with one chain id',
      [ethereum(), ethereum({ id: 'other', tokens: [{ coin: 'ETH' }] })],
      /chain id/,
    ],
    [
      'one form network taken twice',
      [ethereum(), ethereum({ id: 'other', chainId: 5, tokens: [{ coin: 'ETH', formNetwork: 'ETH' }] })],
      /form network/,
    ],
  ])('refuses %s', (_what, value, message) => {
    expect(() => chainNetworksFrom(typeof value === 'string' ? value : JSON.stringify(value))).toThrow(
      message,
    );
  });

  it('reaches the configuration, with its poll interval', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ chainNetworks: [], chainPollMs: 4_000 });
    const config = loadConfig({
      NODE_ENV: 'test',
      CHAIN_NETWORKS: JSON.stringify([ethereum()]),
      CHAIN_POLL_MS: '500',
    });
    expect(config.chainNetworks.map((n) => n.id)).toEqual(['ethereum']);
    expect(config.chainPollMs).toBe(500);
    expect(() => loadConfig({ NODE_ENV: 'test', CHAIN_NETWORKS: '[{}]' })).toThrow(/CHAIN_NETWORKS\[0\]\.id/);
  });

  it('allows plain http to this machine (a local node)', () => {
    expect(chainNetworksFrom(JSON.stringify([ethereum({ rpcUrl: 'http://127.0.0.1:8545' })]))).toHaveLength(
      1,
    );
  });
});

describe('deposit rules', () => {
  const network = chainNetworksFrom(JSON.stringify([ethereum()]))[0] as ChainNetwork;
  const minimum = (coin: string) => new Decimal(coin === 'USDT' ? '120' : '0.2');
  const owner = { address: '0x01', userId: '7', chainId: 1 };

  it('writes a token amount exactly, every digit the chain has', () => {
    expect(amountOf(1_500_000n, 6)).toBe('1.5');
    expect(amountOf(1n, 18)).toBe('0.000000000000000001');
    expect(amountOf(0n, 6)).toBe('0');
    expect(amountOf(120_000_000n, 6)).toBe('120');
    expect(amountOf(5n, 0)).toBe('5');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.integer({ min: 0, max: 36 }),
        (raw, decimals) => {
          const amount = amountOf(raw, decimals);
          expect(new Wide(amount).mul(new Wide(10).pow(decimals)).toFixed()).toBe(raw.toString());
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('credits rounded down to the ledger precision, never more than arrived', () => {
    expect(creditedAmount('150.129999', 'USDT')).toBe('150.12');
    expect(creditedAmount('0.123456789', 'ETH')).toBe('0.12345678');
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (raw) => {
        const amount = amountOf(raw, 18);
        const credited = new Decimal(creditedAmount(amount, 'ETH'));
        expect(credited.lte(amount)).toBe(true);
        expect(new Decimal(amount).minus(credited).lt('0.00000001')).toBe(true);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('counts the deposit block as the first confirmation', () => {
    expect(confirmationsOf(100, 99)).toBe(0);
    expect(confirmationsOf(100, 100)).toBe(1);
    expect(confirmationsOf(100, 111)).toBe(12);
  });

  it('classifies what arrives: seen, below the minimum, unknown token, wrong network', () => {
    expect(classify(network, { contract: undefined, value: 10n ** 18n }, owner, minimum)).toEqual({
      status: 'seen',
      coin: 'ETH',
      amount: '1',
    });
    expect(classify(network, { contract: usdtContract, value: 119_999_999n }, owner, minimum)).toEqual({
      status: 'below_minimum',
      coin: 'USDT',
      amount: '119.999999',
    });
    expect(classify(network, { contract: usdtContract, value: 120_000_000n }, owner, minimum).status).toBe(
      'seen',
    );
    expect(classify(network, { contract: '0x' + '1'.repeat(40), value: 5n }, owner, minimum)).toEqual({
      status: 'unknown_token',
      coin: null,
      amount: null,
    });
    expect(
      classify(network, { contract: undefined, value: 10n ** 18n }, { ...owner, chainId: 5 }, minimum),
    ).toEqual({
      status: 'wrong_network',
      coin: 'ETH',
      amount: '1',
    });
  });
});
