import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/client';
import type { Unit } from '../platform/unit-of-work';
import type { AuditService } from '../staff/audit';
import { AppError } from '../http/errors';
import {
  invalidParamValue,
  paramDefinition,
  paramDefinitions,
  type ParamDefinition,
  type ParamKey,
} from './definitions';
import { parameters } from './tables';
import { defineChannel, type Bus, type BusChannel } from '../platform/bus';
import { errors, type ParamDefinitionView, type ParamDetail } from '@swx/shared/contract';

/** Instances tell each other about changed parameters (message: the key; several servers, one database). */
const changedChannel = defineChannel<string>({
  name: 'swx_params_changed',
  skipOwn: true,
  parse: (item) => (typeof item === 'string' ? item : undefined),
});

interface CachedParam {
  value: string;
  public: boolean;
  description: string;
  updatedAt: Date;
  updatedBy: bigint | null;
}

/**
 * Server parameters. Values are read from an in-memory copy loaded at start-up; a change made by any
 * instance (or by the admin CLI on PostgreSQL) reloads every instance's copy through LISTEN/NOTIFY.
 * Getters are synchronous so that rules can read a parameter without a query; a caller quoting terms still
 * carries the quoted value through to confirmation (docs/product.md promise 4), so a change between quote and
 * confirmation is detected rather than silently applied.
 */
export class ParamsService {
  private cache = new Map<string, CachedParam>();
  private unlisten: (() => Promise<void>) | undefined;
  private readonly changes: BusChannel<string>;

  constructor(
    private readonly database: Database,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
    bus: Pick<Bus, 'channel'>,
    /** First values for parameters not stored yet, in place of the seed defaults (`PARAM_DEFAULTS`). */
    private readonly firstValues: Record<string, string> = {},
  ) {
    this.changes = bus.channel(changedChannel);
    for (const [key, value] of Object.entries(firstValues)) {
      const definition = paramDefinition(key);
      const problem = definition ? invalidParamValue(definition, value) : 'is not a parameter';
      if (problem) throw new Error(`PARAM_DEFAULTS: ${key} ${problem}`);
    }
  }

  /**
   * Inserts every missing parameter with its seed default; keeps values staff have set, refreshes the
   * description and visibility (those belong to the code). Safe to run on every start.
   */
  async seed(): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      // Only what is missing or described differently is written: on a restart with the same code, nothing.
      const stored = new Map(
        (
          await tx
            .select({ key: parameters.key, public: parameters.public, description: parameters.description })
            .from(parameters)
        ).map((row) => [row.key, row]),
      );
      for (const definition of paramDefinitions) {
        const row = stored.get(definition.key);
        if (row && row.public === definition.public && row.description === definition.description) continue;
        await tx
          .insert(parameters)
          .values({
            key: definition.key,
            value: this.firstValues[definition.key] ?? definition.defaultValue,
            public: definition.public,
            description: definition.description,
          })
          .onConflictDoUpdate({
            target: parameters.key,
            set: { public: definition.public, description: definition.description },
          });
      }
    });
  }

  /** Seeds and loads the cache; done while the services are built, before anything reads a parameter. */
  async init(): Promise<void> {
    await this.seed();
    await this.reload();
  }

  readonly name = 'params';

  /** Listens for changes made by other instances (background part, started with the server). */
  async start(): Promise<void> {
    await this.reload();
    this.unlisten = await this.changes.subscribe(() =>
      this.reload().catch((error: unknown) => this.log.error({ err: error }, 'reloading parameters failed')),
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  async reload(): Promise<void> {
    const rows = await this.database.db.select().from(parameters);
    const next = new Map<string, CachedParam>();
    for (const row of rows) {
      next.set(row.key, {
        value: row.value,
        public: row.public,
        description: row.description,
        updatedAt: row.updatedAt,
        updatedBy: row.updatedBy,
      });
    }
    this.cache = next;
  }

  private entry(key: string): CachedParam {
    const found = this.cache.get(key);
    if (!found) throw new AppError(errors.paramUnavailable, `Failed to obtain system parameter ${key}`);
    return found;
  }

  get(key: ParamKey): string {
    return this.entry(key).value;
  }

  getDecimal(key: ParamKey): Decimal {
    return new Decimal(this.entry(key).value);
  }

  getInteger(key: ParamKey): number {
    return Number.parseInt(this.entry(key).value, 10);
  }

  getBoolean(key: ParamKey): boolean {
    return this.entry(key).value === 'true';
  }

  getJson<T>(key: ParamKey): T {
    return JSON.parse(this.entry(key).value) as T;
  }

  /** A public parameter's value for customers; private or unknown keys answer `10018`. */
  getPublic(key: string): string {
    const found = this.cache.get(key);
    if (!found || !found.public) throw new AppError(errors.paramUnavailable);
    return found.value;
  }

  list() {
    return [...this.cache.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, p]) => ({
        key,
        value: p.value,
        public: p.public,
        description: p.description,
        updatedAt: p.updatedAt.toISOString(),
        updatedBy: p.updatedBy === null ? null : p.updatedBy.toString(),
      }));
  }

  /** One parameter for staff: its value, its definition and its changes (from the audit log), newest first. */
  async detail(key: string): Promise<ParamDetail> {
    const definition = paramDefinition(key);
    const param = this.list().find((p) => p.key === key);
    if (!definition || !param) throw new AppError(errors.paramUnavailable);
    const changes = await this.audit.list({
      action: 'param.set',
      target: `param:${key}`,
      page: 1,
      pageSize: HISTORY_LIMIT,
    });
    return {
      param,
      definition: definitionView(definition),
      history: changes.items.map((entry) => {
        const details = entry.details as { from?: unknown; to?: unknown; reason?: unknown };
        return {
          at: entry.createdAt,
          staffId: entry.staffId,
          staffUsername: entry.staffUsername,
          from: typeof details.from === 'string' ? details.from : null,
          to: String(details.to ?? ''),
          reason: String(details.reason ?? ''),
        };
      }),
    };
  }

  /** True for a purely editorial parameter (one step); every other change waits for a second admin. */
  isEditorial(key: string): boolean {
    return paramDefinition(key)?.editorial === true;
  }

  /**
   * Checks a value against the parameter's definition, changing nothing: the value now and the one asked for
   * (`10018` for an unknown key, `11041` for a value its definition refuses).
   */
  check(key: string, value: string): { before: string; after: string } {
    const definition = paramDefinition(key);
    if (!definition) throw new AppError(errors.paramUnavailable);
    const problem = invalidParamValue(definition, value);
    if (problem) throw new AppError(errors.paramValueInvalid, `Parameter ${key} ${problem}`);
    return { before: this.entry(key).value, after: value };
  }

  /**
   * Writes a change: validated against the definition, written with its audit row (`param.set`, with the
   * reason and whatever `details` the caller adds: who asked, who approved), then every instance reloads. In
   * `unit` when given (an approved maker-checker change), else in a transaction of its own.
   */
  async set(
    key: string,
    value: string,
    change: { staffId: string; reason: string; details?: Record<string, unknown> },
    unit?: Unit,
  ) {
    this.check(key, value);
    const write = async (tx: Tx) => {
      const [before] = await tx.select().from(parameters).where(eq(parameters.key, key)).for('update');
      await tx
        .update(parameters)
        .set({ value, updatedAt: new Date(), updatedBy: BigInt(change.staffId) })
        .where(eq(parameters.key, key));
      await this.audit.record(tx, {
        staffId: change.staffId,
        action: 'param.set',
        target: `param:${key}`,
        details: { from: before?.value ?? null, to: value, reason: change.reason, ...change.details },
      });
    };
    const published = async () => {
      await this.reload();
      // Awaited: the admin CLI changes a parameter and exits; the other instances must still hear of it.
      await this.changes.publish(key);
    };
    if (unit) {
      await write(unit.tx);
      unit.afterCommit(published);
      return this.list().find((p) => p.key === key)!;
    }
    await this.database.db.transaction(write);
    await published();
    return this.list().find((p) => p.key === key)!;
  }
}

/** How many changes a parameter's history shows. */
const HISTORY_LIMIT = 200;

/** A definition as staff read it: the kind, its bounds or pattern as text, and the seed default. */
function definitionView(definition: ParamDefinition): ParamDefinitionView {
  const kind = definition.kind;
  const bound = (value: string | number | undefined) => (value === undefined ? null : String(value));
  return {
    type: kind.type,
    min: kind.type === 'decimal' || kind.type === 'integer' ? bound(kind.min) : null,
    max: kind.type === 'decimal' || kind.type === 'integer' ? bound(kind.max) : null,
    pattern: kind.type === 'text' && kind.pattern ? kind.pattern.source : null,
    defaultValue: definition.defaultValue,
  };
}
