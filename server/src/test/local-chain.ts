import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type * as Viem from 'viem';

/**
 * A real local EVM node for tests: Hardhat's network node (offline, Node 20), one per test file, on a free
 * loopback port (or the one asked for), with the chain id asked for; stopped (and its folder removed) by
 * `stop`. Its twenty default accounts are funded and unlocked, so tests send transactions with
 * `eth_sendTransaction`. `connectLocalChain` drives a node another process started (the end-to-end suite's,
 * `e2e-chains.ts`) the same way; its `stop` only lets go.
 */
export interface LocalChain {
  chainId: number;
  rpcUrl: string;
  /** The first funded account (lower-case). */
  funder: `0x${string}`;
  public: Viem.PublicClient;
  wallet: Viem.WalletClient;
  /** Mines `count` empty blocks; returns the new head. */
  mine(count?: number): Promise<number>;
  head(): Promise<number>;
  snapshot(): Promise<string>;
  /** Back to the snapshot: the blocks after it are gone; new ones are mined on another branch. */
  revert(id: string): Promise<void>;
  /** Sends `wei` of the native coin from the funder to `to` (mined at once); returns the transaction hash. */
  sendNative(to: string, wei: bigint): Promise<`0x${string}`>;
  /** Deploys OpenZeppelin's ERC20PresetMinterPauser (18 decimals); returns its address (lower-case). */
  deployToken(name: string, symbol: string): Promise<`0x${string}`>;
  /** Mints `units` of `token` to `to` (a Transfer from the zero address); returns the transaction hash. */
  mint(token: string, to: string, units: bigint): Promise<`0x${string}`>;
  stop(): Promise<void>;
}

const STARTED = /Started HTTP and WebSocket JSON-RPC server at/;
const START_TIMEOUT_MS = 60_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function hardhatCli(): string {
  const packageJson = require.resolve('hardhat/package.json');
  const { bin } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(packageJson), bin.hardhat!);
}

function tokenArtifact(): { abi: Viem.Abi; bytecode: `0x${string}` } {
  const file = require.resolve('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { abi: Viem.Abi; bytecode: `0x${string}` };
}

async function waitForStart(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`hardhat node did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (STARTED.test(output)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining its output, or a full pipe would block the node.
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited (${code}):\n${output}`));
    });
  });
}

/** What the first funded account's first deployment on a fresh node gets: the e2e suite's token address. */
export const FIRST_DEPLOYMENT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

export async function startLocalChain(chainId: number, options: { port?: number } = {}): Promise<LocalChain> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-chain-'));
  const config = path.join(dir, 'hardhat.config.cjs');
  // Blocks a second apart at least, so a branch mined after a revert never repeats a replaced block's hash.
  fs.writeFileSync(
    config,
    `module.exports = { networks: { hardhat: { chainId: ${chainId}, mining: { auto: true } } } };\n`,
  );
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [hardhatCli(), 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', config],
    {
      // Hardhat refuses to run outside a project that installs it (HH12): start it from the server's folder.
      cwd: path.resolve(__dirname, '..', '..'),
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForStart(child);
  } catch (error) {
    await stop();
    throw error;
  }
  // A node that ends before `stop` says why on the test's output (its requests would only say "fetch failed").
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4_000)));
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `hardhat node on port ${port} ended (${code ?? signal}) before the test stopped it:\n${tail}\n`,
      );
  });
  return connectLocalChain(`http://127.0.0.1:${port}`, chainId, stop);
}

/** A local node already running at `rpcUrl` (Hardhat's, with its funded and unlocked default accounts). */
export async function connectLocalChain(
  rpcUrl: string,
  chainId: number,
  stop: () => Promise<void> = async () => undefined,
): Promise<LocalChain> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- viem is loaded only by the tests that use it
  const viem = require('viem') as typeof Viem;
  // A new connection per request: a kept-alive one can be closed by the node (after its 5 s idle timeout) while
  // this process is busy (a test file's PGlite work blocks the event loop for seconds), and the next request
  // would then go out on the closed socket and fail ("fetch failed": CI saw a test file's setup fail so).
  // A request that fails to reach it (a refused or reset connection) is tried twice more, 100 ms apart.
  const transport = viem.http(rpcUrl, {
    retryCount: 2,
    retryDelay: 100,
    fetchOptions: { headers: { connection: 'close' } },
  });
  const publicClient = viem.createPublicClient({ transport });
  const walletClient = viem.createWalletClient({ transport });
  const [funder] = await walletClient.getAddresses();
  const account = funder!.toLowerCase() as `0x${string}`;
  const chain = viem.defineChain({
    id: chainId,
    name: `local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const request = (method: string, params: unknown[] = []) =>
    (publicClient.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
      method,
      params,
    });
  const mined = async (hash: `0x${string}`) => {
    // Automining: the node mines the transaction before it answers, so the receipt is there at once.
    const receipt = await publicClient.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  const artifact = tokenArtifact();
  const head = async () => Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
  return {
    chainId,
    rpcUrl,
    funder: account,
    public: publicClient as Viem.PublicClient,
    wallet: walletClient as Viem.WalletClient,
    head,
    async mine(count = 1) {
      for (let i = 0; i < count; i += 1) await request('evm_mine');
      return head();
    },
    async snapshot() {
      return String(await request('evm_snapshot'));
    },
    async revert(id) {
      if ((await request('evm_revert', [id])) !== true) throw new Error(`evm_revert ${id} refused`);
    },
    async sendNative(to, wei) {
      const hash = await walletClient.sendTransaction({
        account,
        chain,
        to: to as `0x${string}`,
        value: wei,
      });
      await mined(hash);
      return hash;
    },
    async deployToken(name, symbol) {
      const hash = await walletClient.deployContract({
        account,
        chain,
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args: [name, symbol],
      });
      const receipt = await mined(hash);
      return receipt.contractAddress!.toLowerCase() as `0x${string}`;
    },
    async mint(token, to, units) {
      const hash = await walletClient.writeContract({
        account,
        chain,
        address: token as `0x${string}`,
        abi: artifact.abi,
        functionName: 'mint',
        args: [to, units],
      });
      await mined(hash);
      return hash;
    },
    stop,
  };
}
