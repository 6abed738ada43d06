import Decimal from 'decimal.js';
import type { ChainDepositEvent } from '@swx/shared/contract';
import { openFreshDatabase } from '../../../test/database';
import { startLocalChain, type LocalChain } from '../../../test/local-chain';
import type { Database } from '../../../db/client';
import { Ledger } from '../../../ledger/service';
import { UnitOfWork } from '../../../platform/unit-of-work';
import { Keyring, SealedSecrets, Sealer } from '../../../platform/crypto';
import { DepositAddresses } from '../addresses';
import type { ChainNetwork } from '../networks';
import { jsonRpcReader, type ChainReader } from '../rpc';
import { ChainDeposits } from '../service';
import { NetworkWatcher } from '../watcher';

// What the customer's sockets are told while the watcher follows a real local chain (Hardhat): each transfer
// when it is recorded, each confirmation, the credit, and a drop or refusal with its reason.

const CHAIN = 31_337_011;
const ETHER = 10n ** 18n;

let chain: LocalChain;
let database: Database;
let drop: () => Promise<void>;
let addresses: DepositAddresses;
let ledger: Ledger;
let units: UnitOfWork;
const events: { userId: string; event: ChainDepositEvent }[] = [];
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const network: () => ChainNetwork = () => ({
  id: 'alpha',
  name: 'Alpha',
  chainId: CHAIN,
  rpcUrl: chain.rpcUrl,
  confirmations: 3,
  explorerTxUrl: 'https://explorer.test/tx/{txHash}',
  startBlock: undefined,
  reorgWindow: 64,
  blocksPerPass: 100,
  gasPriceCapGwei: '200',
  tokens: [{ coin: 'ETH', contract: undefined, decimals: 18, formNetwork: undefined }],
});

function watcher(reader: ChainReader = jsonRpcReader(chain.rpcUrl)): NetworkWatcher {
  return new NetworkWatcher(network(), reader, {
    db: database.db,
    units,
    ledger,
    addresses,
    log,
    now: () => Date.now(),
    minimumDeposit: () => new Decimal('0.2'),
    events: { publishAccountEvent: (userId, event) => events.push({ userId, event }) },
  });
}

/** The events since the last call, as `status confirmations/required`. */
function told(): string[] {
  const said = events.map(({ userId, event }) => {
    expect(event).toMatchObject({ type: 'chain.deposit', network: 'alpha', confirmationsRequired: 3 });
    return `${userId} ${event.id} ${event.status} ${event.confirmations}/${event.confirmationsRequired}`;
  });
  events.length = 0;
  return said;
}

beforeAll(async () => {
  chain = await startLocalChain(CHAIN);
  ({ database, drop } = await openFreshDatabase('migrated'));
  ledger = await Ledger.create(database.db, { demoInitialBalance: () => '0' });
  units = new UnitOfWork(database.db, log);
  addresses = new DepositAddresses(
    database.db,
    new SealedSecrets(database.db, new Sealer(Keyring.ephemeral())),
  );
});

afterAll(async () => {
  await database?.close();
  await drop?.();
  await chain?.stop();
});

async function idOf(txHash: string, userId: string): Promise<string> {
  const service = new ChainDeposits(
    { db: database.db, units, ledger, log, now: () => Date.now(), minimumDeposit: () => new Decimal('0.2') },
    { networks: [network()], addresses, pollMs: 1_000 },
  );
  const found = (await service.listDeposits(userId)).find((deposit) => deposit.txHash === txHash);
  if (!found) throw new Error(`${txHash} was not recorded`);
  return found.id;
}

describe('chain deposit events', () => {
  it('tells the customer when a transfer is seen, at each confirmation, and when it is credited', async () => {
    const w = watcher();
    await w.pass();
    told();
    const alice = await addresses.addressFor('2001', { chainId: CHAIN });
    const hash = await chain.sendNative(alice, ETHER);
    await w.pass();
    const id = await idOf(hash, '2001');
    expect(told()).toEqual([`2001 ${id} seen 1/3`]);
    // Nothing moved: nothing said.
    await w.pass();
    expect(told()).toEqual([]);
    await chain.mine(1);
    await w.pass();
    expect(told()).toEqual([`2001 ${id} seen 2/3`]);
    await chain.mine(1);
    await w.pass();
    expect(told()).toEqual([`2001 ${id} credited 3/3`]);
    // Credited: further blocks say nothing more about it.
    await chain.mine(2);
    await w.pass();
    expect(told()).toEqual([]);
  });

  it('tells each customer only about their own transfers, and says why one is not credited', async () => {
    const w = watcher();
    await w.pass();
    told();
    const alice = await addresses.addressFor('2001', { chainId: CHAIN });
    const bob = await addresses.addressFor('2002', { chainId: CHAIN });
    const big = await chain.sendNative(bob, 2n * ETHER);
    const dust = await chain.sendNative(alice, ETHER / 10n); // below the 0.2 minimum
    await w.pass();
    const [bigId, dustId] = [await idOf(big, '2002'), await idOf(dust, '2001')];
    // Two blocks (one per transaction, automining): the first transfer has two confirmations already.
    expect(told().sort()).toEqual([`2001 ${dustId} below_minimum 1/3`, `2002 ${bigId} seen 2/3`].sort());
    await chain.mine(1);
    await w.pass();
    expect(told()).toEqual([`2002 ${bigId} credited 3/3`]);
  });

  it('tells the customer a transfer was dropped when its block is replaced before it is credited', async () => {
    const w = watcher();
    await w.pass();
    const alice = await addresses.addressFor('2001', { chainId: CHAIN });
    const snapshot = await chain.snapshot();
    const hash = await chain.sendNative(alice, 3n * ETHER);
    await w.pass();
    const id = await idOf(hash, '2001');
    expect(told()).toEqual([`2001 ${id} seen 1/3`]);
    await chain.revert(snapshot);
    await chain.mine(3);
    await w.pass();
    expect(told()).toEqual([`2001 ${id} dropped 0/3`]);
  });

  it('announces what a pass recorded before its node failed, and nothing it did not record', async () => {
    const w = watcher();
    await w.pass();
    told();
    const alice = await addresses.addressFor('2001', { chainId: CHAIN });
    const hash = await chain.sendNative(alice, ETHER);
    await chain.mine(1);
    // The node answers the first block after the cursor, then fails: the pass stalls after recording it.
    const real = jsonRpcReader(chain.rpcUrl);
    let reads = 0;
    const failing: ChainReader = {
      ...real,
      block: async (number, full) => {
        if (full && ++reads > 1) throw new Error('connection reset');
        return real.block(number, full);
      },
    };
    const pass = await watcher(failing).pass();
    expect(pass).toMatchObject({ outcome: 'stalled', blocksRead: 1 });
    const id = await idOf(hash, '2001');
    expect(told()).toEqual([`2001 ${id} seen 1/3`]);
  });
});
