import { Value } from '@sinclair/typebox/value';
import { Type, type Static } from '@sinclair/typebox';
import { Amount, PlanTerm } from '@swx/shared/contract';
import { Money } from '../ledger/accounts';

/**
 * The smart-plan products a fresh database starts with. `PLAN_PRODUCTS` (a JSON array of this shape) replaces
 * the default list: an operator lists more products, and the end-to-end suite configures one with a short
 * term and a short earning interval, through the same path production uses. A product already in the
 * database keeps its stored terms (staff change them with a reason through the admin API).
 */
export const ConfiguredProduct = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Z0-9._-]{1,24}$' }),
    name: Type.String({ minLength: 1, maxLength: 60 }),
    underlying: Type.String({ pattern: '^[A-Z0-9._-]{1,24}$' }),
    currency: Type.String({ pattern: '^[A-Z0-9]{2,10}$' }),
    terms: Type.Array(PlanTerm, { minItems: 1, maxItems: 20 }),
    minAmount: Amount,
    maxAmount: Amount,
    exitDamagesRate: Type.String({ pattern: '^0(\\.[0-9]{1,12})?$' }),
    earningIntervalSeconds: Type.Integer({ minimum: 1, maximum: 31_536_000 }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ConfiguredProduct = Static<typeof ConfiguredProduct>;

/** A gold plan on XAUUSD: rates the platform pays from its plan reserve, not returns of any trading. */
export const defaultProducts: ConfiguredProduct[] = [
  {
    code: 'GOLD-PLAN',
    name: 'Gold plan',
    underlying: 'XAUUSD',
    currency: 'USDT',
    terms: [
      { days: 7, dailyRate: '0.0005' },
      { days: 30, dailyRate: '0.0007' },
      { days: 90, dailyRate: '0.0009' },
    ],
    minAmount: '100',
    maxAmount: '50000',
    exitDamagesRate: '0.1',
    earningIntervalSeconds: 86_400,
    enabled: true,
  },
];

/** The configured products, or the default list; a malformed setting stops the start-up with the reason. */
export function configuredProducts(setting: string | undefined): ConfiguredProduct[] {
  if (!setting) return defaultProducts;
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting);
  } catch {
    throw new Error('PLAN_PRODUCTS must be a JSON array of plan products');
  }
  const list = Type.Array(ConfiguredProduct, { minItems: 1 });
  if (!Value.Check(list, parsed)) {
    const first = [...Value.Errors(list, parsed)][0];
    throw new Error(`PLAN_PRODUCTS: ${first?.path ?? ''} ${first?.message ?? 'is invalid'}`);
  }
  for (const product of parsed) {
    const problem = checkProduct(product);
    if (problem) throw new Error(`PLAN_PRODUCTS: ${product.code}: ${problem}`);
  }
  return parsed;
}

/** Rules a schema cannot state: a range that is one, distinct terms. Shared by staff changes. */
export function checkProduct(
  product: Pick<ConfiguredProduct, 'terms' | 'minAmount' | 'maxAmount' | 'exitDamagesRate'>,
): string | null {
  // Damages of the whole principal or more would make an exit return nothing.
  if (new Money(product.exitDamagesRate).gte(1)) return 'the exit damages rate must be below 1';
  if (new Money(product.minAmount).lte(0) || new Money(product.minAmount).gt(product.maxAmount))
    return 'the investment range must have 0 < minimum ≤ maximum';
  const days = product.terms.map((term) => term.days);
  if (new Set(days).size !== days.length) return 'each term (days) may be offered once';
  return null;
}
