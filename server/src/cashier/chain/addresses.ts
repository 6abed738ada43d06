import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type * as ViemAccounts from 'viem/accounts';
import type { Db, Tx } from '../../db/client';
import { onFirstUse } from '../../platform/on-first-use';
import type { SealedSecrets } from '../../platform/crypto';
import { cashierChainAddresses, cashierChainCustomers } from '../tables';
import type { ChainNetwork } from './networks';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const accounts = onFirstUse(() => require('viem/accounts') as typeof ViemAccounts);

/** The sealed secret (`platform_secrets`) the hot wallet's keys are derived from. */
export const HOT_WALLET_SEED = 'cashier.hot-wallet-seed';
/** BIP-39 allows 16 to 64 bytes of seed; 64 random bytes is what a 24-word phrase stretches to. */
const SEED_BYTES = 64;

/** Who owns a deposit address, and on which network it was given. */
export interface AddressOwner {
  address: string;
  userId: string;
  chainId: number;
}

/**
 * Deposit addresses: one per customer per watched network, derived (BIP-32/BIP-44, viem's HD tools) from the
 * hot wallet's seed, a sealed secret under the keyring that is never stored or logged in clear. The path is
 * `m/44'/60'/<chain id>'/0/<customer index>`: the customer's index is given once and kept in the database, and
 * the chain id as the account makes each network's address different, so a transfer sent on the wrong network
 * is recognised as such. The hot wallet's own account is `m/44'/60'/0'` (no chain has id 0).
 */
export class DepositAddresses {
  private root: ViemAccounts.HDKey | undefined;

  constructor(
    private readonly db: Db,
    private readonly secrets: Pick<SealedSecrets, 'getOrCreate'>,
  ) {}

  /** The customer's address on `network`, given (and stored) on the first ask; the same one ever after. */
  async addressFor(userId: string, network: Pick<ChainNetwork, 'chainId'>): Promise<string> {
    const user = BigInt(userId);
    const existing = await this.stored(this.db, user, network.chainId);
    if (existing) return existing;
    const root = await this.rootKey();
    return this.db.transaction(async (tx) => {
      const index = await this.customerIndex(tx, user);
      const address = deriveAddress(root, network.chainId, index);
      await tx
        .insert(cashierChainAddresses)
        .values({
          address,
          userId: user,
          chainId: network.chainId,
          accountIndex: network.chainId,
          addressIndex: index,
        })
        .onConflictDoNothing();
      // A concurrent first ask stored the same address (same index, same path): read whichever is there.
      return (await this.stored(tx, user, network.chainId))!;
    });
  }

  /** The owners of those of `addresses` we gave out (any network), by lower-case address. */
  async owners(reader: Db | Tx, addresses: readonly string[]): Promise<Map<string, AddressOwner>> {
    const owners = new Map<string, AddressOwner>();
    const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
    for (let at = 0; at < wanted.length; at += 500) {
      const rows = await reader
        .select()
        .from(cashierChainAddresses)
        .where(inArray(cashierChainAddresses.address, wanted.slice(at, at + 500)));
      for (const row of rows)
        owners.set(row.address, { address: row.address, userId: String(row.userId), chainId: row.chainId });
    }
    return owners;
  }

  /** The customer's derivation index, given on the first ask (an insert only then: each spends one). */
  private async customerIndex(tx: Tx, userId: bigint): Promise<number> {
    const read = async () =>
      (
        await tx
          .select({ index: cashierChainCustomers.addressIndex })
          .from(cashierChainCustomers)
          .where(eq(cashierChainCustomers.userId, userId))
      )[0]?.index;
    const known = await read();
    if (known !== undefined) return known;
    await tx.insert(cashierChainCustomers).values({ userId }).onConflictDoNothing();
    return (await read())!;
  }

  private async stored(reader: Db | Tx, userId: bigint, chainId: number): Promise<string | undefined> {
    const [row] = await reader
      .select({ address: cashierChainAddresses.address })
      .from(cashierChainAddresses)
      .where(and(eq(cashierChainAddresses.userId, userId), eq(cashierChainAddresses.chainId, chainId)));
    return row?.address;
  }

  private async rootKey(): Promise<ViemAccounts.HDKey> {
    if (!this.root) {
      const seed = await this.secrets.getOrCreate(HOT_WALLET_SEED, () => randomSeed());
      this.root = accounts().HDKey.fromMasterSeed(seed);
    }
    return this.root;
  }
}

function randomSeed(): Buffer {
  return crypto.randomBytes(SEED_BYTES);
}

/** The address at `m/44'/60'/<chainId>'/0/<index>` below `root`, lower-case. */
export function deriveAddress(root: ViemAccounts.HDKey, chainId: number, index: number): string {
  return accounts()
    .hdKeyToAccount(root, { accountIndex: chainId, changeIndex: 0, addressIndex: index })
    .address.toLowerCase();
}
