import Decimal from 'decimal.js';

/**
 * Client-side checks of the account forms (seed §5). They only spare the customer a round trip: the server
 * applies the same rules and has the last word. Keys are in the SDK's `common` namespace unless they start
 * with `account:`.
 */
export interface Problem {
  key: string;
  params?: Record<string, string>;
}

const decimalPattern = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** The amount as the wire wants it (a decimal string), or null when it is not one. */
export function normaliseAmount(value: string): string | null {
  const text = value.trim();
  return decimalPattern.test(text) ? text : null;
}

export function amountProblem(
  value: string,
  options: { requiredKey?: string; minimum?: string; coin?: string } = {},
): Problem | null {
  const text = value.trim();
  if (!text) return { key: options.requiredKey ?? 'validation.amountRequired' };
  const amount = normaliseAmount(text);
  if (amount === null || new Decimal(amount).lte(0)) return { key: 'validation.amountIncorrect' };
  if (options.minimum !== undefined && new Decimal(amount).lt(options.minimum)) {
    return {
      key: 'validation.depositBelowMinimum',
      params: { coin: options.coin ?? '', minimum: options.minimum },
    };
  }
  return null;
}

/** Ethereum-family hashes carry `0x`; TRON and Bitcoin hashes are 64 bare hex digits (as the server checks). */
export function txHashProblem(value: string, network: string): Problem | null {
  const hash = value.trim().toLowerCase();
  if (!hash) return { key: 'account:deposit.txHashRequired' };
  const ethereum = network === 'ERC20' || network === 'ETH';
  const pattern = ethereum ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/;
  return pattern.test(hash) ? null : { key: 'codes.11082' };
}

export function addressProblem(value: string): Problem | null {
  return value.trim() ? null : { key: 'validation.addressRequired' };
}

export function requiredProblem(value: string): Problem | null {
  return value.trim() ? null : { key: 'validation.completeAllInformation' };
}

/** Bank card numbers: 12 to 19 digits, spaces allowed while typing. */
export function cardNumberProblem(value: string): Problem | null {
  const digits = value.replace(/\s+/g, '');
  if (!digits) return { key: 'validation.completeAllInformation' };
  return /^[0-9]{12,19}$/.test(digits) ? null : { key: 'codes.11085' };
}

export function currentPasswordProblem(value: string): Problem | null {
  return value ? null : { key: 'validation.passwordRequired' };
}

/** 8–64 characters with at least one letter and one digit (the server's rule, code 11004). */
export function newPasswordProblem(value: string): Problem | null {
  if (!value) return { key: 'validation.passwordRequired' };
  const length = [...value].length;
  const ok = length >= 8 && length <= 64 && /\p{L}/u.test(value) && /\p{Nd}/u.test(value);
  return ok ? null : { key: 'codes.11004' };
}

export function confirmPasswordProblem(value: string, password: string): Problem | null {
  if (!value) return { key: 'validation.confirmPasswordRequired' };
  return value === password ? null : { key: 'validation.passwordsInconsistent' };
}

/** Renders a problem with the module's `t` (`account` namespace, `common` as fallback). */
export function problemText(
  problem: Problem | null | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | undefined {
  if (!problem) return undefined;
  if (problem.key.startsWith('account:')) return t(problem.key.slice('account:'.length), problem.params);
  return t(problem.key, { ns: 'common', ...problem.params });
}

/** A fresh key per form submission attempt: a double click sends the same key and the server refuses it. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
