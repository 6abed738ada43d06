import path from 'node:path';
import { connectLocalChain, FIRST_DEPLOYMENT, type LocalChain } from '../../server/src/test/local-chain';

/**
 * The two EVM chains of the end-to-end run (issue 30): local Hardhat nodes with their own chain ids, started
 * by `server/src/test/e2e-chains.ts` as the first Playwright web server (before the SWX server, which watches
 * both through CHAIN_NETWORKS), the test ERC-20 deployed on the first. Ports beside the suite's own
 * (E2E_PORT, default 4173): +4 and +5 the nodes, +6 the ready check. Specs drive them with `e2eChain`
 * (send, mint, mine) through viem; the withdrawal specs reuse the same nodes.
 */
const basePort = Number(process.env.E2E_PORT ?? 4173);

export const e2eChains = {
  alpha: {
    id: 'alpha',
    name: 'Alpha Testnet',
    chainId: 31_337_101,
    port: basePort + 4,
    confirmations: 4,
    /** The test ERC-20 (18 decimals), credited as USDT on this network. */
    token: FIRST_DEPLOYMENT,
  },
  beta: {
    id: 'beta',
    name: 'Beta Testnet',
    chainId: 31_337_102,
    port: basePort + 5,
    confirmations: 4,
    token: undefined,
  },
} as const;
export type E2eChainName = keyof typeof e2eChains;

const readyPort = basePort + 6;
const rpcUrl = (name: E2eChainName) => `http://127.0.0.1:${e2eChains[name].port}`;

/** How often the e2e server's watcher passes over the chains (CHAIN_POLL_MS). */
export const e2eChainPollMs = 1_000;

/** CHAIN_NETWORKS for the e2e server: both chains, explorer links to a fixed template. */
export function e2eChainNetworks(): string {
  const network = (name: E2eChainName, tokens: object[]) => ({
    id: e2eChains[name].id,
    name: e2eChains[name].name,
    chainId: e2eChains[name].chainId,
    rpcUrl: rpcUrl(name),
    confirmations: e2eChains[name].confirmations,
    explorerTxUrl: `https://explorer.${e2eChains[name].id}.test/tx/{txHash}`,
    tokens,
  });
  return JSON.stringify([
    network('alpha', [
      { coin: 'ETH', formNetwork: 'ETH' },
      { coin: 'USDT', contract: e2eChains.alpha.token, decimals: 18, formNetwork: 'ERC20' },
    ]),
    network('beta', [{ coin: 'ETH' }]),
  ]);
}

/**
 * The Playwright web server that starts both nodes (about 3 s of processor time, docs/performance.md); `cwd`
 * is the server's folder, where Hardhat is installed.
 */
export function e2eChainsWebServer() {
  return {
    command: 'node_modules/.bin/tsx src/test/e2e-chains.ts',
    cwd: path.resolve(__dirname, '..', '..', 'server'),
    url: `http://127.0.0.1:${readyPort}/ready`,
    env: {
      SWX_E2E_CHAINS: JSON.stringify([
        { chainId: e2eChains.alpha.chainId, port: e2eChains.alpha.port, token: true },
        { chainId: e2eChains.beta.chainId, port: e2eChains.beta.port },
      ]),
      SWX_E2E_CHAINS_READY_PORT: String(readyPort),
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

/** One of the running e2e chains, to send to, mint on and mine (viem, Hardhat's unlocked accounts). */
export function e2eChain(name: E2eChainName): Promise<LocalChain> {
  return connectLocalChain(rpcUrl(name), e2eChains[name].chainId);
}
