import { getAddress, isAddress, stringToHex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { WALLET_MESSAGE_MINUTES, WALLET_STATEMENT, type DappNonce } from '../contract';

/**
 * The viem half of wallet sign-in, loaded by `sign.ts` on first use only: static imports here let the
 * bundler keep just these functions of viem, in one chunk that pages without a wallet never fetch.
 */

/** The EIP-55 form of an address a wallet answered (wallets may answer lower case); null if not one. */
export function checksummed(address: string): string | null {
  return isAddress(address, { strict: false }) ? getAddress(address) : null;
}

/** The EIP-4361 message for this site, as the server checks it (docs/decisions.md, wallet sign-in). */
export function signInText(
  address: string,
  nonce: DappNonce,
  site: { host: string; origin: string },
  now: Date,
): { text: string; hex: string } {
  const text = createSiweMessage({
    domain: site.host,
    address: address as `0x${string}`,
    statement: WALLET_STATEMENT,
    uri: site.origin,
    version: '1',
    chainId: nonce.chainId,
    nonce: nonce.nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + WALLET_MESSAGE_MINUTES * 60_000),
  });
  return { text, hex: stringToHex(text) };
}
