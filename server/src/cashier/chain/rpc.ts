import type * as Viem from 'viem';
import { onFirstUse } from '../../platform/on-first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const viem = onFirstUse(() => require('viem') as typeof Viem);

/** `Transfer(address indexed from, address indexed to, uint256 value)`: ERC-20's (and ERC-721's) event. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A block as the watcher uses it: its place in the chain and, when asked for, its value transfers. */
export interface ChainBlock {
  number: number;
  hash: string;
  parentHash: string;
  /** Transactions carrying value to an address (contract creations and zero-value ones left out). */
  transfers: NativeTransfer[];
}

export interface NativeTransfer {
  txHash: string;
  from: string;
  to: string;
  value: bigint;
}

export interface TokenTransfer {
  txHash: string;
  logIndex: number;
  /** The emitting contract, lower-case. */
  contract: string;
  from: string;
  to: string;
  value: bigint;
}

/** What a node said that cannot be true of a chain: the network stalls, nothing is recorded from it. */
export class NodeAnswerRefused extends Error {
  constructor(what: string) {
    super(`the node's answer was refused: ${what}`);
    this.name = 'NodeAnswerRefused';
  }
}

/** The reads the watcher makes of one network's node (a real JSON-RPC node through viem in production). */
export interface ChainReader {
  chainId(): Promise<number>;
  head(): Promise<number>;
  /** The block at `number` on the node's current chain; undefined when the chain is not that long (yet). */
  block(number: number, withTransfers: boolean): Promise<ChainBlock | undefined>;
  /** ERC-20 transfers logged in the block of `blockHash` (ERC-721 ones, with their indexed token id, left out). */
  tokenTransfers(blockHash: string): Promise<TokenTransfer[]>;
  /** Whether the transaction succeeded, in the block of `blockHash` (a reverted one moved no value). */
  succeeded(txHash: string, blockHash: string): Promise<boolean>;
}

const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]{0,63})$/;
const DATA_WORD = /^0x[0-9a-f]{64}$/;

type Raw = Record<string, unknown>;

function hash(value: unknown, what: string): string {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (!HASH.test(text)) throw new NodeAnswerRefused(`${what} is not a 32-byte hash`);
  return text;
}

function address(value: unknown, what: string): string {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (!ADDRESS.test(text)) throw new NodeAnswerRefused(`${what} is not an address`);
  return text;
}

function quantity(value: unknown, what: string): bigint {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (!QUANTITY.test(text)) throw new NodeAnswerRefused(`${what} is not a quantity`);
  return BigInt(text);
}

function blockNumber(value: unknown, what: string): number {
  const number = quantity(value, what);
  if (number > BigInt(Number.MAX_SAFE_INTEGER)) throw new NodeAnswerRefused(`${what} is out of range`);
  return Number(number);
}

function object(value: unknown, what: string): Raw {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new NodeAnswerRefused(`${what} is not an object`);
  return value as Raw;
}

/** The address in an indexed 32-byte topic: 12 zero bytes, then the address. */
function topicAddress(topic: string, what: string): string {
  if (!topic.startsWith('0x000000000000000000000000'))
    throw new NodeAnswerRefused(`${what} is not an address`);
  return `0x${topic.slice(26)}`;
}

/**
 * A node read over JSON-RPC with viem's public client. Every answer is checked for shape and consistency
 * (numbers, hashes, the block asked for, logs of that block only) before the watcher sees it; an answer that
 * fails is `NodeAnswerRefused`, and the network's pass stops there.
 */
export function jsonRpcReader(rpcUrl: string, options: { timeoutMs?: number } = {}): ChainReader {
  const { createPublicClient, http } = viem();
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: options.timeoutMs ?? 10_000, retryCount: 0 }),
  });
  const request = (method: string, params: unknown[]): Promise<unknown> =>
    (client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({ method, params });

  return {
    async chainId() {
      return blockNumber(await request('eth_chainId', []), 'the chain id');
    },
    async head() {
      return blockNumber(await request('eth_blockNumber', []), 'the head');
    },
    async block(number, withTransfers) {
      const answer = await request('eth_getBlockByNumber', [`0x${number.toString(16)}`, withTransfers]);
      if (answer === null) return undefined;
      const raw = object(answer, `block ${number}`);
      if (blockNumber(raw.number, 'the block number') !== number)
        throw new NodeAnswerRefused(`asked for block ${number}, got another`);
      const block: ChainBlock = {
        number,
        hash: hash(raw.hash, `block ${number}'s hash`),
        parentHash: hash(raw.parentHash, `block ${number}'s parent hash`),
        transfers: [],
      };
      if (!withTransfers) return block;
      if (!Array.isArray(raw.transactions))
        throw new NodeAnswerRefused(`block ${number} lists no transactions`);
      for (const item of raw.transactions) {
        const tx = object(item, `a transaction of block ${number}`);
        const txHash = hash(tx.hash, 'a transaction hash');
        if (tx.blockHash !== undefined && hash(tx.blockHash, 'a transaction block hash') !== block.hash)
          throw new NodeAnswerRefused(`transaction ${txHash} is not in block ${number}`);
        const value = quantity(tx.value, `${txHash}'s value`);
        if (tx.to === null || tx.to === undefined || value === 0n) continue;
        block.transfers.push({
          txHash,
          from: address(tx.from, `${txHash}'s sender`),
          to: address(tx.to, `${txHash}'s recipient`),
          value,
        });
      }
      return block;
    },
    async tokenTransfers(blockHash) {
      const answer = await request('eth_getLogs', [{ blockHash, topics: [TRANSFER_TOPIC] }]);
      if (!Array.isArray(answer)) throw new NodeAnswerRefused('the logs are not a list');
      const transfers: TokenTransfer[] = [];
      for (const item of answer) {
        const log = object(item, 'a log');
        if (log.removed === true) continue;
        if (hash(log.blockHash, "a log's block hash") !== blockHash)
          throw new NodeAnswerRefused('a log of another block was returned');
        const topics = log.topics;
        if (!Array.isArray(topics) || topics.length === 0)
          throw new NodeAnswerRefused('a log without topics');
        const words = topics.map((topic) => hash(topic, 'a topic'));
        if (words[0] !== TRANSFER_TOPIC) throw new NodeAnswerRefused('a log of another event was returned');
        const data = typeof log.data === 'string' ? log.data.toLowerCase() : '';
        // ERC-20: from and to indexed, the value in the data. ERC-721 indexes its token id as a third topic.
        if (words.length !== 3 || !DATA_WORD.test(data)) continue;
        const txHash = hash(log.transactionHash, "a log's transaction hash");
        const logIndex = blockNumber(log.logIndex, "a log's index");
        if (logIndex > 2 ** 31 - 1) throw new NodeAnswerRefused('a log index is out of range');
        transfers.push({
          txHash,
          logIndex,
          contract: address(log.address, "a log's contract"),
          from: topicAddress(words[1]!, 'a transfer sender'),
          to: topicAddress(words[2]!, 'a transfer recipient'),
          value: BigInt(data),
        });
      }
      return transfers;
    },
    async succeeded(txHash, blockHash) {
      const answer = await request('eth_getTransactionReceipt', [txHash]);
      if (answer === null) throw new NodeAnswerRefused(`no receipt for ${txHash} of a block it listed`);
      const receipt = object(answer, `${txHash}'s receipt`);
      if (hash(receipt.blockHash, "a receipt's block hash") !== blockHash)
        throw new NodeAnswerRefused(`${txHash}'s receipt is of another block`);
      const status = quantity(receipt.status, `${txHash}'s status`);
      if (status !== 0n && status !== 1n) throw new NodeAnswerRefused(`${txHash}'s status is not 0 or 1`);
      return status === 1n;
    },
  };
}
