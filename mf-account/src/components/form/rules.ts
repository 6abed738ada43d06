import { parseAmount, wireAmount, type FieldProblem } from '@swx/shared';

/**
 * Client-side checks of the account forms (seed §5). They only spare the customer a round trip: the server
 * applies the same rules and has the last word. Keys name the SDK's `common` namespace (`common:`); bare
 * keys are the module's own (`account`), and the SDK's `problemText` renders both.
 */
export type Problem = FieldProblem;

/** The wire's bounds on an amount (18 digits each side of the point), checked before a round trip. */
const withinWireDigits = (wire: string) => {
  const [whole = '', fraction = ''] = wire.split('.');
  return whole.length <= 18 && fraction.length <= 18;
};

/** The amount as the wire wants it (a decimal string), or the text as typed when it is not one. */
export function amountForWire(value: string): string {
  return parseAmount(value) ? wireAmount(value) : value;
}

export function amountProblem(
  value: string,
  options: { requiredKey?: string; minimum?: string; coin?: string } = {},
): Problem | null {
  const text = value.trim();
  if (!text) return { key: options.requiredKey ?? 'common:validation.amountRequired' };
  const amount = parseAmount(text);
  if (amount === null || amount.lte(0) || !withinWireDigits(amount.toFixed())) {
    return { key: 'common:validation.amountIncorrect' };
  }
  if (options.minimum !== undefined && amount.lt(options.minimum)) {
    return {
      key: 'common:validation.depositBelowMinimum',
      values: { coin: options.coin ?? '', minimum: options.minimum },
    };
  }
  return null;
}

/** Ethereum-family hashes carry `0x`; TRON and Bitcoin hashes are 64 bare hex digits (as the server checks). */
export function txHashProblem(value: string, network: string): Problem | null {
  const hash = value.trim().toLowerCase();
  if (!hash) return { key: 'deposit.txHashRequired' };
  const ethereum = network === 'ERC20' || network === 'ETH';
  const pattern = ethereum ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/;
  return pattern.test(hash) ? null : { key: 'common:codes.11082' };
}

export function addressProblem(value: string): Problem | null {
  return value.trim() ? null : { key: 'common:validation.addressRequired' };
}

export function requiredProblem(value: string): Problem | null {
  return value.trim() ? null : { key: 'common:validation.completeAllInformation' };
}

/** Bank card numbers: 12 to 19 digits, spaces allowed while typing. */
export function cardNumberProblem(value: string): Problem | null {
  const digits = value.replace(/\s+/g, '');
  if (!digits) return { key: 'common:validation.completeAllInformation' };
  return /^[0-9]{12,19}$/.test(digits) ? null : { key: 'common:codes.11085' };
}

export function currentPasswordProblem(value: string): Problem | null {
  return value ? null : { key: 'common:validation.passwordRequired' };
}

/** 8–64 characters with at least one letter and one digit (the server's rule, code 11004). */
export function newPasswordProblem(value: string): Problem | null {
  if (!value) return { key: 'common:validation.passwordRequired' };
  const length = [...value].length;
  const ok = length >= 8 && length <= 64 && /\p{L}/u.test(value) && /\p{Nd}/u.test(value);
  return ok ? null : { key: 'common:codes.11004' };
}

export function confirmPasswordProblem(value: string, password: string): Problem | null {
  if (!value) return { key: 'common:validation.confirmPasswordRequired' };
  return value === password ? null : { key: 'common:validation.passwordsInconsistent' };
}

/** A fresh key per form submission attempt: a double click sends the same key and the server refuses it. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
