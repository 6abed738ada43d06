import http from 'node:http';
import { FIRST_DEPLOYMENT, startLocalChain, type LocalChain } from './local-chain';

/**
 * The end-to-end suite's chains (e2e/support/chains.ts starts this as a Playwright web server, before the SWX
 * server): local Hardhat nodes on the ports and chain ids of `SWX_E2E_CHAINS`
 * (`[{"chainId": 31337101, "port": 4177, "token": true}, ...]`), the test ERC-20 deployed on those marked
 * `token` (always at FIRST_DEPLOYMENT: the funder's first transaction on a fresh node), then
 * `GET http://127.0.0.1:$SWX_E2E_CHAINS_READY_PORT/ready` answers 200 with what was started. SIGTERM or
 * SIGINT stops every node.
 *
 *   SWX_E2E_CHAINS='[...]' SWX_E2E_CHAINS_READY_PORT=4179 node_modules/.bin/tsx src/test/e2e-chains.ts
 */
interface ChainRequest {
  chainId: number;
  port: number;
  token?: boolean;
}

const chains: LocalChain[] = [];

async function stopAll(): Promise<void> {
  await Promise.all(chains.map((chain) => chain.stop().catch(() => undefined)));
}

async function main(): Promise<void> {
  const requested = JSON.parse(process.env.SWX_E2E_CHAINS ?? '[]') as ChainRequest[];
  const readyPort = Number(process.env.SWX_E2E_CHAINS_READY_PORT);
  if (requested.length === 0 || !Number.isInteger(readyPort))
    throw new Error('SWX_E2E_CHAINS and SWX_E2E_CHAINS_READY_PORT are required');
  const started = Date.now();
  process.once('SIGTERM', () => void stopAll().then(() => process.exit(0)));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(0)));
  const settled = await Promise.allSettled(
    requested.map(({ chainId, port }) => startLocalChain(chainId, { port })),
  );
  for (const result of settled) if (result.status === 'fulfilled') chains.push(result.value);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const answer = [];
  for (const [index, chain] of chains.entries()) {
    let token: string | null = null;
    if (requested[index]!.token) {
      token = await chain.deployToken('Test Tether', 'USDT');
      if (token !== FIRST_DEPLOYMENT)
        throw new Error(`the test token landed at ${token}, not ${FIRST_DEPLOYMENT}: was the node fresh?`);
    }
    answer.push({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, token });
  }
  const body = JSON.stringify({ chains: answer, startedInMs: Date.now() - started });
  http
    .createServer((request, response) => {
      response.writeHead(request.url === '/ready' ? 200 : 404, { 'content-type': 'application/json' });
      response.end(body);
    })
    .listen(readyPort, '127.0.0.1');
  process.stdout.write(`e2e chains ready in ${Date.now() - started} ms: ${body}\n`);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
