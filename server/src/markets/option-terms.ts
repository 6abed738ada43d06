import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import {
  errors,
  type MarketOptionTermsRecord,
  type OptionPeriod,
  type OptionTerms,
  type SetMarketOptionTermsBody,
} from '@swx/shared/contract';
import type { AuditService } from '../staff/audit';
import type { Database, Tx } from '../db/client';
import type { Unit } from '../platform/unit-of-work';
import { AppError } from '../http/errors';
import { checkOptionPeriods } from '../params/definitions';
import type { ParamsService } from '../params/service';
import { defineChannel, type Bus, type BusChannel } from '../platform/bus';
import { trimDecimal } from './records';
import { markets } from './tables';

/** Staff changed a market's option terms (message: its code); the other instances reload them. */
const optionTermsChannel = defineChannel<string>({
  name: 'swx_market_option_terms',
  skipOwn: true,
  parse: (item) => (typeof item === 'string' ? item : undefined),
});

/** A market's own option terms; null fields inherit the parameter of the same name. */
export interface OptionOverride {
  periods: OptionPeriod[] | null;
  stakeMin: string | null;
  stakeMax: string | null;
}

/** The catalogue columns that hold a market's option overrides. */
interface OverrideRow {
  code: string;
  optionPeriods: OptionPeriod[] | null;
  optionStakeMin: string | null;
  optionStakeMax: string | null;
}

export interface OptionTermsDeps {
  database: Database;
  params: Pick<ParamsService, 'get' | 'getJson'>;
  audit: Pick<AuditService, 'record'>;
  bus: Pick<Bus, 'channel'>;
}

/** The option terms of every market, by code, held in memory on every instance and reloaded on a change. */
export class MarketOptionTerms {
  /** Staff overrides of the option terms, by market code; kept apart so the catalogue records stay fixed. */
  private overrides = new Map<string, OptionOverride>();
  private readonly changes: BusChannel<string>;

  constructor(private readonly deps: OptionTermsDeps) {
    this.changes = deps.bus.channel(optionTermsChannel);
  }

  /** Takes the overrides from catalogue rows already read (at start). */
  load(rows: OverrideRow[]): void {
    this.overrides = overridesOf(rows);
  }

  /** Reloads the terms whenever another instance changes them. Returns the unsubscribe function. */
  subscribe(): Promise<() => Promise<void>> {
    return this.changes.subscribe(() => this.reload());
  }

  /**
   * The option terms `/order/buyOptions` applies on a market now: each of periods, smallest and largest stake
   * is the market's own where staff set one, else the global parameter. Synchronous (memory only), like the
   * parameters it falls back to.
   */
  terms(code: string): OptionTerms {
    const own = this.overrides.get(code);
    const { params } = this.deps;
    return {
      periods: own?.periods ?? params.getJson<OptionPeriod[]>('option_periods'),
      stakeMin: own?.stakeMin ?? params.get('option_stake_min'),
      stakeMax: own?.stakeMax ?? params.get('option_stake_max'),
    };
  }

  /** A market's option overrides and the terms in force, as staff see them. */
  record(code: string): MarketOptionTermsRecord {
    const own = this.overrides.get(code);
    return {
      code,
      override: {
        periods: own?.periods ?? null,
        stakeMin: own?.stakeMin ?? null,
        stakeMax: own?.stakeMax ?? null,
      },
      effective: this.terms(code),
    };
  }

  /**
   * Checks a staff change of a market's option terms against the terms in force now, changing nothing: a
   * field left out keeps its override, null clears it; periods follow the parameters' own rule and the bounds
   * in force afterwards must leave at least one stake (`11041` otherwise). Answers the override before and
   * after, for the maker-checker queue.
   */
  check(code: string, change: SetMarketOptionTermsBody): { before: OptionOverride; after: OptionOverride } {
    this.checkFields(change);
    const before = this.overrides.get(code) ?? { periods: null, stakeMin: null, stakeMax: null };
    const after = this.merged(before, change);
    this.checkBounds(after);
    return { before, after };
  }

  /**
   * Applies a change of a market's option terms (checked again against the stored row), with its audit row,
   * in `unit` when given (a maker-checker approval) or its own transaction; every instance reloads after the
   * commit.
   */
  async set(
    code: string,
    change: SetMarketOptionTermsBody,
    staffId: string,
    unit?: Unit,
    details: Record<string, unknown> = {},
  ): Promise<MarketOptionTermsRecord> {
    this.checkFields(change);
    const write = async (tx: Tx) => {
      const [row] = await tx
        .select({
          periods: markets.optionPeriods,
          stakeMin: markets.optionStakeMin,
          stakeMax: markets.optionStakeMax,
        })
        .from(markets)
        .where(eq(markets.code, code))
        .for('update');
      const before = overrideOf(row!);
      const after = this.merged(before, change);
      this.checkBounds(after);
      await tx
        .update(markets)
        .set({ optionPeriods: after.periods, optionStakeMin: after.stakeMin, optionStakeMax: after.stakeMax })
        .where(eq(markets.code, code));
      await this.deps.audit.record(tx, {
        staffId,
        action: 'market.option_terms.set',
        target: `market:${code}`,
        details: { from: before, to: after, reason: change.reason, ...details },
      });
    };
    const published = async () => {
      await this.reload();
      await this.changes.publish(code);
    };
    if (unit) {
      await write(unit.tx);
      unit.afterCommit(published);
      return this.record(code);
    }
    await this.deps.database.db.transaction(write);
    await published();
    return this.record(code);
  }

  private checkFields(change: SetMarketOptionTermsBody): void {
    if (change.periods) {
      const problem = checkOptionPeriods(change.periods);
      if (problem) throw new AppError(errors.paramValueInvalid, `Option periods ${problem}`);
    }
    for (const [field, value] of [
      ['smallest stake', change.stakeMin],
      ['largest stake', change.stakeMax],
    ] as const) {
      if (typeof value === 'string' && !new Decimal(value).gt(0))
        throw new AppError(errors.paramValueInvalid, `Option ${field} must be above 0`);
    }
  }

  private merged(before: OptionOverride, change: SetMarketOptionTermsBody): OptionOverride {
    return {
      periods:
        change.periods === undefined
          ? before.periods
          : (change.periods?.map((p) => ({ seconds: p.seconds, rate: p.rate })) ?? null),
      stakeMin: change.stakeMin === undefined ? before.stakeMin : change.stakeMin,
      stakeMax: change.stakeMax === undefined ? before.stakeMax : change.stakeMax,
    };
  }

  private checkBounds(after: OptionOverride): void {
    const min = after.stakeMin ?? this.deps.params.get('option_stake_min');
    const max = after.stakeMax ?? this.deps.params.get('option_stake_max');
    if (new Decimal(min).gt(max))
      throw new AppError(
        errors.paramValueInvalid,
        `Option stake bounds would be ${min} to ${max} USDT: none could be bought`,
      );
  }

  /** Reads every market's option overrides again (after a change here or on another instance). */
  async reload(): Promise<void> {
    const rows = await this.deps.database.db
      .select({
        code: markets.code,
        optionPeriods: markets.optionPeriods,
        optionStakeMin: markets.optionStakeMin,
        optionStakeMax: markets.optionStakeMax,
      })
      .from(markets);
    this.overrides = overridesOf(rows);
  }
}

function overrideOf(row: {
  periods: OptionPeriod[] | null;
  stakeMin: string | null;
  stakeMax: string | null;
}): OptionOverride {
  return {
    periods: row.periods,
    stakeMin: row.stakeMin === null ? null : trimDecimal(row.stakeMin),
    stakeMax: row.stakeMax === null ? null : trimDecimal(row.stakeMax),
  };
}

/** The markets that carry any option override, by code. */
function overridesOf(rows: OverrideRow[]): Map<string, OptionOverride> {
  const found = new Map<string, OptionOverride>();
  for (const row of rows) {
    if (row.optionPeriods === null && row.optionStakeMin === null && row.optionStakeMax === null) continue;
    found.set(
      row.code,
      overrideOf({ periods: row.optionPeriods, stakeMin: row.optionStakeMin, stakeMax: row.optionStakeMax }),
    );
  }
  return found;
}
