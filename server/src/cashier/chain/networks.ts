import { cashierCoins, networksOfCoin, type CashierCoin, type CashierNetwork } from '@swx/shared/contract';

/** A coin a watched network carries: its native coin (no contract) or an ERC-20 token. */
export interface ChainToken {
  /** The ledger currency a deposit of it credits. */
  coin: CashierCoin;
  /** Lower-case ERC-20 contract address; undefined for the network's native coin. */
  contract: string | undefined;
  decimals: number;
  /**
   * The reviewed form's network this token takes over (`ERC20` for USDT on Ethereum, `ETH` for ether): while it
   * is watched, the form refuses that coin and network, so one transfer can never be credited twice.
   */
  formNetwork: CashierNetwork | undefined;
  /**
   * A deposit address is swept into the hot wallet once its credited, not yet swept deposits of this coin reach
   * this much (smallest unit); undefined: after every credited deposit.
   */
  sweepThreshold?: bigint | undefined;
}

/** One EVM network the server watches (docs/configuration.md, "Deposits from the chain"). */
export interface ChainNetwork {
  /** Lower-case name used on the wire and in records (`ethereum`). */
  id: string;
  /** What the customer reads (`Ethereum`); brand names stay untranslated. */
  name: string;
  chainId: number;
  /** The node's JSON-RPC URL; may carry an API key, so it is never logged. */
  rpcUrl: string;
  /** Blocks including the deposit's own: credited once `head - block + 1 >= confirmations`. */
  confirmations: number;
  /** A transaction's page on the network's explorer, `{txHash}` replaced; undefined: no link. */
  explorerTxUrl: string | undefined;
  /** Where the watcher starts on its first run; undefined: the head it finds then. */
  startBlock: number | undefined;
  /** Blocks whose hashes are kept to find where a replaced branch forked (at least `confirmations`). */
  reorgWindow: number;
  /** At most this many blocks are read per pass, so one network catching up cannot hold the others. */
  blocksPerPass: number;
  tokens: ChainToken[];
  /** The most the hot wallet pays per unit of gas (fee cap, gwei, decimal text): above it, sends wait. */
  gasPriceCapGwei: string;
}

const ID = /^[a-z][a-z0-9-]{0,31}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** BIP-32 hardened indexes stop below 2^31: the chain id is the derivation path's account. */
export const MAX_CHAIN_ID = 2 ** 31 - 1;

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * `CHAIN_NETWORKS`: a JSON array of watched EVM networks; unset or `[]` watches none, and deposits are the
 * reviewed form only, as before. A wrong entry stops the start with the reason (an operator never ships a
 * network that silently credits nothing, or the wrong thing).
 */
export function chainNetworksFrom(value: string | undefined): ChainNetwork[] {
  if (!value?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('CHAIN_NETWORKS must be a JSON array of networks (docs/configuration.md)');
  }
  if (!Array.isArray(parsed)) throw new Error('CHAIN_NETWORKS must be a JSON array of networks');
  const networks = parsed.map((entry, index) => networkFrom(entry, `CHAIN_NETWORKS[${index}]`));
  const unique = (what: string, values: unknown[]) => {
    if (new Set(values).size !== values.length)
      throw new Error(`CHAIN_NETWORKS: two networks share one ${what}`);
  };
  unique(
    'id',
    networks.map((n) => n.id),
  );
  unique(
    'chain id',
    networks.map((n) => n.chainId),
  );
  unique(
    'form network',
    networks.flatMap((n) => n.tokens.flatMap((t) => (t.formNetwork ? [`${t.coin}:${t.formNetwork}`] : []))),
  );
  return networks;
}

function networkFrom(entry: unknown, where: string): ChainNetwork {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new Error(`${where} must be an object`);
  const field = (name: string) => (entry as Record<string, unknown>)[name];
  const id = field('id');
  if (typeof id !== 'string' || !ID.test(id))
    throw new Error(
      `${where}.id must be lower-case letters, digits and "-" (at most 32), got ${JSON.stringify(id)}`,
    );
  const at = `CHAIN_NETWORKS "${id}"`;
  const name = field('name') ?? id;
  if (typeof name !== 'string' || !/^[\p{L}\p{N} .()-]{1,40}$/u.test(name))
    throw new Error(`${at}: name must be 1-40 letters, digits, spaces, ".", "-" or brackets`);
  const chainId = integerFrom(field('chainId'), `${at}: chainId`, 1, MAX_CHAIN_ID);
  const rpcUrl = field('rpcUrl');
  if (typeof rpcUrl !== 'string') throw new Error(`${at}: rpcUrl is required`);
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    throw new Error(`${at}: rpcUrl must be a URL`);
  }
  // A node reached in clear text could be answered by anyone on the way: deposits would be theirs to invent.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
    throw new Error(`${at}: rpcUrl must use https (plain http only to this machine)`);
  const confirmations = integerFrom(field('confirmations'), `${at}: confirmations`, 1, 10_000);
  const explorerTxUrl = field('explorerTxUrl');
  if (explorerTxUrl !== undefined) {
    if (
      typeof explorerTxUrl !== 'string' ||
      !explorerTxUrl.includes('{txHash}') ||
      !/^https?:\/\//.test(explorerTxUrl)
    )
      throw new Error(`${at}: explorerTxUrl must be an http(s) URL holding {txHash}`);
  }
  const startBlock = field('startBlock');
  const reorgWindow = field('reorgWindow') ?? Math.max(64, confirmations);
  const blocksPerPass = field('blocksPerPass') ?? 100;
  const gasCap = field('gasPriceCapGwei') ?? '200';
  if (typeof gasCap !== 'string' && typeof gasCap !== 'number')
    throw new Error(`${at}: gasPriceCapGwei must be a number of gwei`);
  const gasPriceCapGwei = String(gasCap);
  if (!/^(?:0|[1-9][0-9]{0,5})(?:\.[0-9]{1,9})?$/.test(gasPriceCapGwei) || Number(gasPriceCapGwei) <= 0)
    throw new Error(`${at}: gasPriceCapGwei must be above 0 and below 1000000 gwei (at most 9 decimals)`);
  const tokensField = field('tokens');
  if (!Array.isArray(tokensField) || tokensField.length === 0)
    throw new Error(`${at}: tokens must list the coins the network carries`);
  const tokens = tokensField.map((token, index) => tokenFrom(token, `${at} tokens[${index}]`));
  if (tokens.filter((t) => t.contract === undefined).length > 1)
    throw new Error(`${at}: only one native coin per network`);
  const contracts = tokens.flatMap((t) => (t.contract ? [t.contract] : []));
  if (new Set(contracts).size !== contracts.length)
    throw new Error(`${at}: a token contract is listed twice`);
  return {
    id,
    name,
    chainId,
    rpcUrl,
    confirmations,
    explorerTxUrl: explorerTxUrl as string | undefined,
    startBlock: startBlock === undefined ? undefined : integerFrom(startBlock, `${at}: startBlock`, 0),
    reorgWindow: integerFrom(reorgWindow, `${at}: reorgWindow`, confirmations, 100_000),
    blocksPerPass: integerFrom(blocksPerPass, `${at}: blocksPerPass`, 1, 10_000),
    tokens,
    gasPriceCapGwei,
  };
}

function tokenFrom(entry: unknown, where: string): ChainToken {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new Error(`${where} must be an object`);
  const field = (name: string) => (entry as Record<string, unknown>)[name];
  const coin = field('coin');
  if (!cashierCoins.includes(coin as CashierCoin))
    throw new Error(`${where}: coin must be one of ${cashierCoins.join(', ')}`);
  const contract = field('contract');
  if (contract !== undefined && (typeof contract !== 'string' || !ADDRESS.test(contract)))
    throw new Error(`${where}: contract must be an address (0x and 40 hex digits)`);
  const decimals = integerFrom(
    field('decimals') ?? (contract === undefined ? 18 : undefined),
    `${where}: decimals`,
    0,
    36,
  );
  const formNetwork = field('formNetwork');
  if (
    formNetwork !== undefined &&
    !networksOfCoin[coin as CashierCoin].includes(formNetwork as CashierNetwork)
  )
    throw new Error(`${where}: formNetwork must be one of ${networksOfCoin[coin as CashierCoin].join(', ')}`);
  const threshold = field('sweepThreshold');
  if (threshold !== undefined && typeof threshold !== 'string')
    throw new Error(`${where}: sweepThreshold must be a decimal string of ${String(coin)} ("100.5")`);
  const fraction = decimals === 0 ? '' : `(?:\\.[0-9]{1,${decimals}})?`;
  if (threshold !== undefined && !new RegExp(`^(?:0|[1-9][0-9]{0,29})${fraction}$`).test(threshold))
    throw new Error(`${where}: sweepThreshold must be a decimal of at most ${decimals} decimals`);
  return {
    coin: coin as CashierCoin,
    contract: contract === undefined ? undefined : (contract as string).toLowerCase(),
    decimals,
    formNetwork: formNetwork as CashierNetwork | undefined,
    sweepThreshold: threshold === undefined ? undefined : unitsOf(threshold, decimals),
  };
}

/** A decimal text of a coin in its smallest unit (`decimals` digits after the point at most). */
function unitsOf(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

function integerFrom(value: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new Error(`${what} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return value;
}

/** The transaction's page on the network's explorer, or undefined when none is configured. */
export function explorerLink(
  network: Pick<ChainNetwork, 'explorerTxUrl'>,
  txHash: string,
): string | undefined {
  return network.explorerTxUrl?.replaceAll('{txHash}', txHash);
}

/** The token of `network` a transfer moved: by contract, or the native coin for `undefined`. */
export function tokenOf(network: ChainNetwork, contract: string | undefined): ChainToken | undefined {
  return network.tokens.find((token) => token.contract === contract);
}
