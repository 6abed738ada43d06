import type { DappNonce, DappSignedMessage } from '../contract';
import type { Eip1193Provider } from './discovery';

/** Why a wallet did not sign: the customer declined, or the wallet has no account to sign with. */
export type WalletFailure = 'rejected' | 'noAccount' | 'failed';

export class WalletError extends Error {
  constructor(
    readonly reason: WalletFailure,
    cause?: unknown,
  ) {
    super(`wallet: ${reason}`, { cause });
    this.name = 'WalletError';
  }
}

/** EIP-1193 code 4001: the customer rejected the request in the wallet. */
function failureOf(error: unknown): WalletFailure {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 4001 ? 'rejected' : 'failed';
}

async function ask<T>(provider: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await provider.request(params ? { method, params } : { method })) as T;
  } catch (error) {
    throw new WalletError(failureOf(error), error);
  }
}

/**
 * Asks the wallet for its account and a `personal_sign` of the EIP-4361 message for this site (its host
 * and origin, the server's nonce and chain). viem is loaded here, on first use, so it never weighs on a
 * page that does not sign.
 */
export async function signInMessage(
  provider: Eip1193Provider,
  nonce: DappNonce,
  site: { host: string; origin: string } = window.location,
  now: Date = new Date(),
): Promise<DappSignedMessage & { address: string }> {
  const accounts = await ask<unknown>(provider, 'eth_requestAccounts');
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new WalletError('noAccount');
  const { checksummed, signInText } = await import('./message');
  const address = checksummed(first);
  if (!address) throw new WalletError('noAccount');
  const { text: message, hex } = signInText(address, nonce, site, now);
  const signature = await ask<unknown>(provider, 'personal_sign', [hex, address]);
  if (typeof signature !== 'string') throw new WalletError('failed');
  return { message, signature, address };
}
