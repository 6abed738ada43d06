import Decimal from 'decimal.js';
import { checkOrderLimitsSetting } from '@swx/shared/contract';

/** How a parameter's text is read and checked before staff may store it. */
export type ParamKind =
  | { type: 'decimal'; min?: string; max?: string }
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'boolean' }
  | { type: 'text'; pattern?: RegExp; check?: (value: string) => string | undefined }
  | { type: 'url' }
  | { type: 'json'; check: (value: unknown) => string | undefined };

export interface ParamDefinition {
  key: string;
  /** Seed default (docs/product.md, business rules); staff changes win over it once stored. */
  defaultValue: string;
  /** Readable by anyone through `getParamByKey`. Everything a customer is quoted or shown is public. */
  public: boolean;
  description: string;
  kind: ParamKind;
  /**
   * A purely editorial setting (a link, a queue's target time): one admin changes it at once. Every other
   * parameter moves money or risk (fees, limits, four-eyes thresholds, the KYC gate, stale windows, loan and
   * option terms, switches) and changes only through a pending change a second admin approves.
   */
  editorial?: true;
}

const rate = { type: 'decimal', min: '0', max: '1' } as const;
const positive = { type: 'decimal', min: '0' } as const;

/** Why a list of option periods is not acceptable, or undefined; also checks a market's own periods. */
export function checkOptionPeriods(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return 'must be a non-empty array';
  const seen = new Set<number>();
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) return 'each period must be an object';
    const { seconds, rate: payout } = entry as { seconds?: unknown; rate?: unknown };
    if (!Number.isInteger(seconds) || (seconds as number) < 10 || (seconds as number) > 86_400)
      return 'seconds must be an integer from 10 to 86400';
    if (seen.has(seconds as number)) return 'periods must be distinct';
    seen.add(seconds as number);
    if (typeof payout !== 'string' || !/^0(\.[0-9]{1,6})?$|^1(\.0{1,6})?$/.test(payout))
      return 'rate must be a decimal string between 0 and 1';
  }
  return undefined;
}

/** Whether the runtime knows this IANA time zone name. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Why a `price_stale_seconds` value is not acceptable: every market type 1–6, 5 s to 1 day each. */
export function checkStaleSeconds(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
  const entries = Object.entries(value as Record<string, unknown>);
  const types = ['1', '2', '3', '4', '5', '6'];
  if (entries.length !== types.length || !types.every((t) => t in value))
    return 'must name every market type 1 to 6';
  for (const [, seconds] of entries)
    if (!Number.isInteger(seconds) || (seconds as number) < 5 || (seconds as number) > 86_400)
      return 'each value must be a whole number of seconds from 5 to 86400';
  return undefined;
}

/**
 * Every server parameter and its seed default. A domain that needs a new parameter adds it here; the
 * start-up seeding inserts missing keys and never overwrites a value staff have set.
 *
 * The deposit addresses below are well-formed placeholders for a demonstration installation: nobody holds
 * their keys. An operator sets the platform's own wallet addresses before accepting real deposits.
 */
export const paramDefinitions = [
  {
    key: 'demo_initial_balance',
    defaultValue: '100000',
    public: true,
    description: 'USDT credited to a new demo account',
    kind: positive,
  },
  {
    key: 'trade_fee_rate',
    defaultValue: '0.001',
    public: true,
    description: 'Trading fee as a share of traded value (spot) or notional (margin, at open and at close)',
    kind: { type: 'decimal', min: '0', max: '0.1' },
  },
  {
    key: 'withdrawal_fee_rate',
    defaultValue: '0.01',
    public: true,
    description: 'Withdrawal fee as a share of the amount, quoted before submission',
    kind: { type: 'decimal', min: '0', max: '0.2' },
  },
  {
    key: 'withdrawal_review_hours',
    defaultValue: '24',
    public: true,
    description: 'Target time for a withdrawal review, in hours',
    kind: { type: 'integer', min: 1, max: 720 },
    editorial: true,
  },
  {
    key: 'review_claim_minutes',
    defaultValue: '15',
    public: false,
    description:
      'How long a staff claim on a review record lasts, in minutes (another member may take it after)',
    kind: { type: 'integer', min: 1, max: 480 },
    editorial: true,
  },
  {
    key: 'withdrawal_four_eyes_usdt',
    defaultValue: '10000',
    public: false,
    description:
      'Withdrawals worth more than this in USDT need approvals by two different finance staff (four eyes)',
    kind: { type: 'decimal', min: '0' },
  },
  {
    key: 'kyc_review_hours',
    defaultValue: '48',
    public: true,
    description: 'Target time for an identity (KYC) review, in hours',
    kind: { type: 'integer', min: 1, max: 720 },
    editorial: true,
  },
  {
    key: 'deposit_min_usdt',
    defaultValue: '120',
    public: true,
    description: 'Minimum USDT deposit',
    kind: positive,
  },
  {
    key: 'deposit_min_btc',
    defaultValue: '0.015',
    public: true,
    description: 'Minimum BTC deposit',
    kind: positive,
  },
  {
    key: 'deposit_min_eth',
    defaultValue: '0.2',
    public: true,
    description: 'Minimum ETH deposit',
    kind: positive,
  },
  {
    key: 'deposit_address_usdt_trc20',
    defaultValue: 'TDuG3LXyTggsXbxFccFRrnMUTJthJF9cqg',
    public: true,
    description: 'Platform receiving address for USDT on TRON (TRC20)',
    kind: { type: 'text', pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  },
  {
    key: 'deposit_address_usdt_erc20',
    defaultValue: '0xfae8bf2d113fd31dd9e088ed48977ffbfb51b2cf',
    public: true,
    description: 'Platform receiving address for USDT on Ethereum (ERC20)',
    kind: { type: 'text', pattern: /^0x[0-9a-fA-F]{40}$/ },
  },
  {
    key: 'deposit_address_btc',
    defaultValue: 'bc1qe778ss00qhujlzv8wa5j6ve8x6nrgv6k9l2qf8',
    public: true,
    description: 'Platform receiving address for BTC',
    kind: { type: 'text', pattern: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/ },
  },
  {
    key: 'deposit_address_eth',
    defaultValue: '0xd909038e5914b96875867923fa30ca41081994ac',
    public: true,
    description: 'Platform receiving address for ETH',
    kind: { type: 'text', pattern: /^0x[0-9a-fA-F]{40}$/ },
  },
  {
    key: 'maintenance_margin_rate',
    defaultValue: '0.5',
    public: true,
    description:
      'A margin position is liquidated when margin + unrealised profit falls to this share of margin',
    kind: rate,
  },
  {
    key: 'margin_call_rate',
    defaultValue: '0.75',
    public: true,
    description:
      'A margin-call notification is sent when margin + unrealised profit falls to this share of margin',
    kind: rate,
  },
  {
    key: 'quote_price_tolerance',
    defaultValue: '0.005',
    public: true,
    description:
      'How far (relative) the market price may move between a margin quote and its order before the order is re-quoted (11007)',
    kind: { type: 'decimal', min: '0', max: '0.1' },
  },
  {
    key: 'quote_ttl_seconds',
    defaultValue: '30',
    public: true,
    description: 'How long a margin quote can be confirmed for',
    kind: { type: 'integer', min: 5, max: 600 },
  },
  {
    key: 'leverage_cap_forex',
    defaultValue: '30',
    public: true,
    description: 'Highest leverage on forex markets (type 6)',
    kind: { type: 'integer', min: 1, max: 500 },
  },
  {
    key: 'leverage_cap_metals',
    defaultValue: '20',
    public: true,
    description: 'Highest leverage on metals markets (type 5)',
    kind: { type: 'integer', min: 1, max: 500 },
  },
  {
    key: 'leverage_cap_stocks',
    defaultValue: '5',
    public: true,
    description: 'Highest leverage on stock markets (type 3)',
    kind: { type: 'integer', min: 1, max: 500 },
  },
  {
    key: 'leverage_cap_futures',
    defaultValue: '10',
    public: true,
    description: 'Highest leverage on futures markets (type 4)',
    kind: { type: 'integer', min: 1, max: 500 },
  },
  {
    key: 'leverage_cap_crypto',
    defaultValue: '2',
    public: true,
    description: 'Highest leverage on crypto markets (type 2)',
    kind: { type: 'integer', min: 1, max: 500 },
  },
  {
    key: 'option_periods',
    defaultValue:
      '[{"seconds":60,"rate":"0.85"},{"seconds":120,"rate":"0.87"},{"seconds":300,"rate":"0.90"}]',
    public: true,
    description: 'Option periods: seconds and payout rate (a win pays stake × (1 + rate))',
    kind: { type: 'json', check: checkOptionPeriods },
  },
  {
    key: 'option_stake_min',
    defaultValue: '10',
    public: true,
    description: 'Smallest option stake, USDT',
    kind: positive,
  },
  {
    key: 'option_stake_max',
    defaultValue: '50000',
    public: true,
    description: 'Largest option stake, USDT',
    kind: positive,
  },
  {
    key: 'smart_exit_damages_rate',
    defaultValue: '0.1',
    public: true,
    description: 'Early exit from a smart plan deducts this share of principal as damages',
    kind: rate,
  },
  {
    key: 'smart_trading_enabled',
    defaultValue: 'true',
    public: true,
    description: 'Whether new smart plans can be bought',
    kind: { type: 'boolean' },
  },
  {
    key: 'demo_account_enabled',
    defaultValue: 'true',
    public: true,
    description: 'Whether customers can use the demo account',
    kind: { type: 'boolean' },
  },
  {
    key: 'loan_interest_free_days',
    defaultValue: '3',
    public: true,
    description: 'Days after a loan is issued that carry no interest',
    kind: { type: 'integer', min: 0, max: 365 },
  },
  {
    key: 'loan_overdue_multiplier',
    defaultValue: '1.5',
    public: true,
    description: 'Overdue interest is the daily rate times this multiplier until repaid',
    kind: { type: 'decimal', min: '1', max: '3' },
  },
  {
    key: 'loan_customer_limit',
    defaultValue: '10000',
    public: true,
    description: 'Largest total of open loans one customer may hold, USDT',
    kind: positive,
  },
  {
    key: 'loan_overdue_notice_days',
    defaultValue: '7',
    public: true,
    description: 'After the due date, an overdue notification is repeated every this many days',
    kind: { type: 'integer', min: 1, max: 90 },
  },
  {
    key: 'invite_reward_rate',
    defaultValue: '0.1',
    public: true,
    description: "The inviter's share of an invited friend's trading fees",
    kind: rate,
  },
  {
    key: 'nft_bid_increment',
    defaultValue: '0.05',
    public: true,
    description: 'A new NFT bid must exceed the current bid by at least this share',
    kind: rate,
  },
  {
    key: 'down_url',
    defaultValue: '/introduction',
    public: true,
    description: 'Where the download-app link goes (a path on this site or an https URL)',
    kind: { type: 'url' },
    editorial: true,
  },
  {
    key: 'live_room_url',
    defaultValue: '/help/notice',
    public: true,
    description: 'Where the lecturer-hall link goes (a path on this site or an https URL)',
    kind: { type: 'url' },
    editorial: true,
  },
  {
    key: 'service_url',
    defaultValue: '/help',
    public: true,
    description: 'The online support page opened by the support button (a path on this site or an https URL)',
    kind: { type: 'url' },
    editorial: true,
  },
  {
    key: 'upload_daily_count',
    defaultValue: '30',
    public: false,
    description: 'Images one customer may upload in any 24 hours',
    kind: { type: 'integer', min: 1, max: 10_000 },
  },
  {
    key: 'upload_daily_bytes',
    defaultValue: '104857600',
    public: false,
    description: 'Bytes of stored images one customer may upload in any 24 hours (after re-encoding)',
    kind: { type: 'integer', min: 1_048_576, max: 10_737_418_240 },
  },
  // ---- feed: the stale-price guard ----
  {
    key: 'price_stale_seconds',
    defaultValue: '{"1":120,"2":30,"3":60,"4":60,"5":60,"6":60}',
    public: true,
    description:
      'Per market type (1 smart, 2 crypto, 3 stocks, 4 futures, 5 metals, 6 forex): seconds without a fresh tick after which a price is stale (orders refused with 10015, no stop, take profit or liquidation fires)',
    kind: { type: 'json', check: checkStaleSeconds },
  },
  // Identity data retention (docs/security.md)
  {
    key: 'kyc_rejected_retention_days',
    defaultValue: '30',
    public: false,
    description:
      'Days a rejected identity submission keeps its documents and data before they are purged (the customer starts again)',
    kind: { type: 'integer', min: 1, max: 3650 },
  },
  {
    key: 'identity_retention_years',
    defaultValue: '5',
    public: false,
    description:
      'Years identity data, signatures and loan contracts are kept after an account is closed (legal retention), then purged',
    kind: { type: 'integer', min: 1, max: 30 },
  },
  // KYC and loans
  {
    key: 'kyc_required_for_withdrawal',
    defaultValue: 'true',
    public: true,
    description: 'Withdrawals need a verified identity (KYC), as a regulated broker requires',
    kind: { type: 'boolean' },
  },
  {
    key: 'loan_min_amount',
    defaultValue: '100',
    public: true,
    description: 'Smallest loan, USDT',
    kind: positive,
  },
  {
    key: 'loan_max_amount',
    defaultValue: '5000',
    public: true,
    description: 'Largest single loan, USDT (also bounded by the per-customer limit)',
    kind: positive,
  },
  {
    key: 'loan_terms',
    defaultValue: '7,14,30,60,90',
    public: true,
    description: 'Loan terms on offer, in days, comma-separated',
    kind: { type: 'text', pattern: /^[1-9][0-9]{0,2}(,[1-9][0-9]{0,2}){0,11}$/ },
  },
  {
    key: 'loan_daily_rate',
    defaultValue: '0.001',
    public: true,
    description: 'Loan interest per day as a share of the amount (0.001 = 0.1 % a day)',
    kind: { type: 'decimal', min: '0', max: '0.01' },
  },
  {
    key: 'loan_lender_name',
    defaultValue: 'SWX Platform Ltd.',
    public: true,
    description: 'The lender named in the pre-contract summary and the loan contract',
    kind: { type: 'text', pattern: /^[^\n]{1,120}$/ },
  },
  // ---- money rules (issue 28) ----
  {
    key: 'loan_time_zone',
    defaultValue: 'UTC',
    public: true,
    description:
      'The time zone (IANA name) whose calendar days loan due dates follow: a loan is due until 23:59:59 of its due date there',
    kind: {
      type: 'text',
      pattern: /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/,
      check: (value) => (isTimeZone(value) ? undefined : 'is not a time zone this server knows'),
    },
  },
  {
    key: 'loan_overdue_cap_rate',
    defaultValue: '1',
    public: true,
    description:
      'Overdue interest on a loan never exceeds this share of its principal (1 = 100 %); fixed in each contract at signing',
    kind: { type: 'decimal', min: '0', max: '10' },
  },
  {
    key: 'loan_exposure_share',
    defaultValue: '0.1',
    public: true,
    description:
      'The most one customer may owe in loan principal, as a share of the lending book (capital available + lent out)',
    kind: { type: 'decimal', min: '0', max: '1' },
  },
  {
    key: 'option_stale_grace_seconds',
    defaultValue: '60',
    public: true,
    description:
      'An option expiring while its market is stale settles at the first fresh tick within this many seconds, or is voided with its stake returned',
    kind: { type: 'integer', min: 5, max: 3600 },
  },
  {
    key: 'market_order_limits',
    defaultValue: JSON.stringify({
      types: {
        '2': { minSize: '0.0001', sizeStep: '0.0001', minNotional: '5' },
        '3': { minSize: '0.01', sizeStep: '0.01', minNotional: '5' },
        '4': { minSize: '0.01', sizeStep: '0.01', minNotional: '10' },
        '5': { minSize: '0.01', sizeStep: '0.01', minNotional: '10' },
        '6': { minSize: '0.01', sizeStep: '0.01', minNotional: '10' },
      },
      markets: {},
    }),
    public: true,
    description:
      'Order minimums per market type (2–6), with overrides per market code: minimum size (spot quantity, margin lots), size step and minimum notional (size × contract size × price)',
    kind: { type: 'json', check: checkOrderLimitsSetting },
  },
  // ---- nfts ----
  {
    key: 'nft_extension_window_seconds',
    defaultValue: '300',
    public: true,
    description: 'A bid this many seconds before an NFT auction ends extends it (anti-sniping)',
    kind: { type: 'integer', min: 0, max: 86_400 },
  },
  {
    key: 'nft_extension_seconds',
    defaultValue: '300',
    public: true,
    description: 'A late bid moves the NFT auction end to this many seconds after it',
    kind: { type: 'integer', min: 0, max: 86_400 },
  },
  {
    key: 'nft_max_extension_seconds',
    defaultValue: '3600',
    public: true,
    description: 'Late bids never move an NFT auction end beyond its original end plus this many seconds',
    kind: { type: 'integer', min: 0, max: 604_800 },
  },
  // Customer account security.
  {
    key: 'step_up_minutes',
    defaultValue: '5',
    public: true,
    description:
      'How long a fresh second factor (step-up) lets a session make sensitive changes (withdrawals, security settings), in minutes',
    kind: { type: 'integer', min: 1, max: 60 },
  },
  {
    key: 'security_lock_hours',
    defaultValue: '24',
    public: true,
    description:
      'Withdrawals are locked for this many hours after a password reset or change, an e-mail change, two-factor turned off or reset, or a reported sign-in',
    kind: { type: 'decimal', min: '0', max: '720' },
  },
  {
    key: 'withdrawal_address_cooling_off_hours',
    defaultValue: '24',
    public: true,
    description:
      'A confirmed withdrawal address becomes usable this many hours after its confirmation (fixed when it is confirmed)',
    kind: { type: 'decimal', min: '0', max: '720' },
  },
] as const satisfies readonly ParamDefinition[];

export type ParamKey = (typeof paramDefinitions)[number]['key'];

const byKey = new Map<string, ParamDefinition>(paramDefinitions.map((d) => [d.key, d]));

export function paramDefinition(key: string): ParamDefinition | undefined {
  return byKey.get(key);
}

/** Why `value` is not acceptable for `definition`, or undefined when it is. */
export function invalidParamValue(definition: ParamDefinition, value: string): string | undefined {
  const kind = definition.kind;
  switch (kind.type) {
    case 'decimal': {
      if (!/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/.test(value)) return 'must be a non-negative decimal';
      const d = new Decimal(value);
      if (kind.min !== undefined && d.lt(kind.min)) return `must be at least ${kind.min}`;
      if (kind.max !== undefined && d.gt(kind.max)) return `must be at most ${kind.max}`;
      return undefined;
    }
    case 'integer': {
      if (!/^(0|[1-9][0-9]{0,9})$/.test(value)) return 'must be a whole number';
      const n = Number(value);
      if (kind.min !== undefined && n < kind.min) return `must be at least ${kind.min}`;
      if (kind.max !== undefined && n > kind.max) return `must be at most ${kind.max}`;
      return undefined;
    }
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case 'text':
      if (kind.pattern && !kind.pattern.test(value)) return 'has the wrong format';
      return kind.check?.(value);
    case 'url':
      // A path on this site, or an absolute https URL; never javascript: or data: links.
      if (/^\/(?!\/)[^\s]*$/.test(value)) return undefined;
      try {
        return new URL(value).protocol === 'https:' ? undefined : 'must be a site path or an https URL';
      } catch {
        return 'must be a site path or an https URL';
      }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return 'must be valid JSON';
      }
      return kind.check(parsed);
    }
  }
}
