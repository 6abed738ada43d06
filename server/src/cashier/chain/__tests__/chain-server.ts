import { startLocalChain, type LocalChain } from '../../../test/local-chain';
import { cashierServer, type CashierTestServer } from '../../__tests__/helpers';
import type { ChainNetwork } from '../networks';
import { ChainSender, SealedSeedKeys, type ChainSenderDeps, type ChainSenderOptions } from '../sender';

/** The explorer link of the test network's transactions. */
export const EXPLORER = 'https://explorer.test/tx/{txHash}';

export interface ChainTestServer {
  chain: LocalChain;
  server: CashierTestServer;
  /** The test ERC-20 (18 decimals), lower-case. */
  usdt: string;
  /** The network as the server reads it from `CHAIN_NETWORKS`. */
  config: ChainNetwork;
}

/**
 * A real Hardhat node with a test USDT deployed, and the whole cashier server watching it as network `alpha`
 * (3 confirmations, ETH and USDT taking over the form's `ETH` and `ERC20`), for the payout and sweep tests.
 */
export async function chainTestServer(chainId: number): Promise<ChainTestServer> {
  const chain = await startLocalChain(chainId);
  const usdt = await chain.deployToken('Test Tether', 'USDT');
  const config: ChainNetwork = {
    id: 'alpha',
    name: 'Alpha',
    chainId,
    rpcUrl: chain.rpcUrl,
    confirmations: 3,
    explorerTxUrl: EXPLORER,
    startBlock: undefined,
    reorgWindow: 64,
    blocksPerPass: 100,
    gasPriceCapGwei: '200',
    tokens: [
      { coin: 'ETH', contract: undefined, decimals: 18, formNetwork: 'ETH' },
      { coin: 'USDT', contract: usdt, decimals: 18, formNetwork: 'ERC20' },
    ],
  };
  const server = await cashierServer({
    CHAIN_NETWORKS: JSON.stringify([
      {
        id: config.id,
        name: config.name,
        chainId,
        rpcUrl: chain.rpcUrl,
        confirmations: config.confirmations,
        explorerTxUrl: EXPLORER,
        tokens: [
          { coin: 'ETH', formNetwork: 'ETH' },
          { coin: 'USDT', contract: usdt, decimals: 18, formNetwork: 'ERC20' },
        ],
      },
    ]),
  });
  return { chain, server, usdt, config };
}

/** A sender of another instance (a restart, or a second server) on `network`, over the server's database. */
export function instanceSender(
  server: CashierTestServer,
  network: ChainNetwork,
  options: ChainSenderOptions = {},
): { sender: ChainSender; deps: ChainSenderDeps } {
  const services = server.services;
  const deps: ChainSenderDeps = {
    db: services.database.db,
    units: services.units,
    keys: new SealedSeedKeys(services.database.db, services.sealedSecrets),
    log: { info() {}, warn() {}, error() {} },
    now: () => Date.now(),
  };
  return { sender: new ChainSender(network, deps, options), deps };
}
