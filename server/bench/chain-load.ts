/**
 * The chain side of `bench/chain-watcher.ts`, in its own process so its processor time is not counted as the
 * server's: every `blockMs` it puts `perBlock` transfers (half native, half ERC-20 `transfer` calls) into the
 * Hardhat node's pool with one batched JSON-RPC request, from a few funded senders with explicit nonces, and
 * mines them into one block (`evm_mine`, automine off). After `seconds` it goes on mining empty blocks at the
 * same pace (the deposits' confirmations) until it is stopped (SIGTERM).
 *
 * Input: the JSON of `LoadPlan` in BENCH_CHAIN_LOAD. Output: one JSON line per block, `{ type: 'block' }`, then
 * `{ type: 'sent' }` with what was sent in total when the loaded part ends.
 */

export interface LoadPlan {
  rpcUrl: string;
  /** ERC-20 contract (18 decimals); every token sender holds enough of it. */
  token: string;
  nativeSenders: string[];
  tokenSenders: string[];
  recipients: string[];
  perBlock: number;
  blockMs: number;
  seconds: number;
}

export interface LoadBlock {
  type: 'block';
  number: number;
  transactions: number;
  /** When the block was mined (ms since the epoch). */
  at: number;
  /** Time to send the block's transactions and mine it. */
  ms: number;
}

export interface LoadSent {
  type: 'sent';
  native: { count: number; wei: string };
  token: { count: number; units: string };
  blocks: number;
  /** Blocks that came later than their slot (the node or the sender could not keep the pace). */
  late: number;
}

const TRANSFER_SELECTOR = '0xa9059cbb';
/** 0.01 ether plus up to 999 × 1e-8, 5 tokens plus up to 999 × 0.01: exact at the ledger's precision. */
const NATIVE_BASE = 10n ** 16n;
const NATIVE_STEP = 10n ** 10n;
const TOKEN_BASE = 5n * 10n ** 18n;
const TOKEN_STEP = 10n ** 16n;

const hex = (value: bigint | number) => `0x${value.toString(16)}`;
const word = (value: string) => value.replace(/^0x/, '').padStart(64, '0');

async function rpc(url: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  });
  const answers = (await response.json()) as { id: number; result?: unknown; error?: { message: string } }[];
  const results: unknown[] = [];
  for (const answer of answers) {
    if (answer.error) throw new Error(`${calls[answer.id]!.method}: ${answer.error.message}`);
    results[answer.id] = answer.result;
  }
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function main(): Promise<void> {
  const plan = JSON.parse(process.env.BENCH_CHAIN_LOAD ?? '') as LoadPlan;
  const senders = [...plan.nativeSenders, ...plan.tokenSenders];
  const counts = await rpc(
    plan.rpcUrl,
    senders.map((sender) => ({ method: 'eth_getTransactionCount', params: [sender, 'pending'] })),
  );
  const nonces = new Map(senders.map((sender, i) => [sender, Number(BigInt(counts[i] as string))]));
  const sent: LoadSent = {
    type: 'sent',
    native: { count: 0, wei: '0' },
    token: { count: 0, units: '0' },
    blocks: 0,
    late: 0,
  };
  let nativeWei = 0n;
  let tokenUnits = 0n;
  let stopping = false;
  process.on('SIGTERM', () => (stopping = true));
  const started = Date.now();
  const loadedUntil = started + plan.seconds * 1000;
  let n = 0;
  for (let slot = started; !stopping; slot += plan.blockMs) {
    await sleep(slot - Date.now());
    if (stopping) break;
    const loaded = slot < loadedUntil;
    const t0 = performance.now();
    const calls: { method: string; params: unknown[] }[] = [];
    if (loaded) {
      for (let i = 0; i < plan.perBlock; i += 1, n += 1) {
        const to = plan.recipients[(n * 7919) % plan.recipients.length]!;
        const step = BigInt(n % 1000);
        if (i % 2 === 0) {
          const from = plan.nativeSenders[(n >> 1) % plan.nativeSenders.length]!;
          const value = NATIVE_BASE + step * NATIVE_STEP;
          nativeWei += value;
          sent.native.count += 1;
          const nonce = nonces.get(from)!;
          nonces.set(from, nonce + 1);
          calls.push({
            method: 'eth_sendTransaction',
            params: [{ from, to, value: hex(value), gas: hex(21_000), nonce: hex(nonce) }],
          });
        } else {
          const from = plan.tokenSenders[(n >> 1) % plan.tokenSenders.length]!;
          const units = TOKEN_BASE + step * TOKEN_STEP;
          tokenUnits += units;
          sent.token.count += 1;
          const nonce = nonces.get(from)!;
          nonces.set(from, nonce + 1);
          calls.push({
            method: 'eth_sendTransaction',
            params: [
              {
                from,
                to: plan.token,
                data: `${TRANSFER_SELECTOR}${word(to)}${word(units.toString(16))}`,
                gas: hex(80_000),
                nonce: hex(nonce),
              },
            ],
          });
        }
      }
      await rpc(plan.rpcUrl, calls);
    }
    await rpc(plan.rpcUrl, [{ method: 'evm_mine', params: [] }]);
    const [block] = (await rpc(plan.rpcUrl, [
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
    ])) as { number: string; transactions: string[] }[];
    if (block!.transactions.length !== calls.length)
      throw new Error(
        `block ${block!.number} holds ${block!.transactions.length} of ${calls.length} transactions`,
      );
    if (loaded) sent.blocks += 1;
    if (loaded && Date.now() > slot + plan.blockMs) sent.late += 1;
    const line: LoadBlock = {
      type: 'block',
      number: Number(BigInt(block!.number)),
      transactions: calls.length,
      at: Date.now(),
      ms: Math.round(performance.now() - t0),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    if (!loaded && sent.native.wei === '0') {
      sent.native.wei = nativeWei.toString();
      sent.token.units = tokenUnits.toString();
      process.stdout.write(`${JSON.stringify(sent)}\n`);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
