import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  customerPasskeys,
  customerRecoveryCodes,
  customerSecuritySettings,
  customerTotp,
  stepUpGrants,
  withdrawalAddresses,
} from './tables';

/**
 * What account security forgets when an account is closed (docs/decisions.md, "Account closure"), in the
 * closure's transaction: the authenticator secret, recovery codes, step-up proofs, the anti-phishing code and
 * the withdrawal address book (payment data with no use once nothing can be withdrawn). Sign-in history and
 * security changes stay as records of what happened.
 */
export async function forgetClosedAccount(tx: Tx, userId: string): Promise<void> {
  const id = BigInt(userId);
  await tx.delete(customerTotp).where(eq(customerTotp.userId, id));
  await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, id));
  await tx.delete(stepUpGrants).where(eq(stepUpGrants.userId, id));
  await tx.delete(customerSecuritySettings).where(eq(customerSecuritySettings.userId, id));
  await tx.delete(withdrawalAddresses).where(eq(withdrawalAddresses.userId, id));
}

/**
 * Passkeys (public keys, nothing secret) are kept while the closed account's sign-in identifiers are, so a
 * passkey sign-in hears "closed"; they go with the identifiers at the end of retention.
 */
export async function forgetPasskeys(tx: Tx, userIds: bigint[]): Promise<void> {
  if (userIds.length > 0) await tx.delete(customerPasskeys).where(inArray(customerPasskeys.userId, userIds));
}
