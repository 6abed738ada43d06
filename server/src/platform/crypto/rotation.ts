import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { KEY_PART_MAX, isSealed, splitSealed, type SealScope, type Sealer } from './envelope';
import { isSealError } from './keyring';

/** One stored sealed value as a rotation sees it: its row id, scope and first bytes (at least the key part). */
export interface SealedCell {
  id: string;
  scope: SealScope;
  head: Buffer;
}

/**
 * Somewhere sealed values are stored (a column, the key parts of files). Domains register theirs with the
 * `KeyRotation`; `sealedColumn` builds one for a table column.
 */
export interface RewrapSource {
  readonly name: string;
  /** Up to `limit` values after row `after` (in row order) whose key part is not under `activeKeyId`. */
  scan(after: string | null, limit: number, activeKeyId: string): Promise<SealedCell[]>;
  /** Puts `keyPart` in place of `before` if the value still starts with `before`; false if it changed. */
  replace(cell: SealedCell, before: Buffer, keyPart: Buffer): Promise<boolean>;
  /** A value stored before envelopes, sealed again; false when it is not such a value or changed meanwhile. */
  upgrade?(cell: SealedCell): Promise<boolean>;
  /** How many stored values are under each key id (`legacy` for values from before envelopes). */
  usage(): Promise<Record<string, number>>;
}

/** What one rotation run did, per source. */
export interface RotationCounts {
  /** Data keys wrapped again under the active key (data untouched). */
  rewrapped: number;
  /** Values from before envelopes (the old single-key vault, plaintext) sealed as envelopes. */
  upgraded: number;
  /** Values written again by the application while the rotation ran (already under the active key). */
  changed: number;
  /** Values that cannot be opened (a key no longer in the keyring, tampering): left as they are, reported. */
  unreadable: number;
}

export type RotationReport = Record<string, RotationCounts>;

export interface RotationOptions {
  batchSize?: number;
  /** Told after each batch (the command line prints progress; tests interrupt here). */
  onBatch?: (source: string, counts: RotationCounts) => void | Promise<void>;
  /** Told about each unreadable value (ids and reasons only, never content). */
  onUnreadable?: (source: string, id: string, reason: string) => void;
  /** Only seal values from before envelopes; leave envelopes under older keys for a later run. */
  legacyOnly?: boolean;
}

/**
 * Key rotation: wraps every data key again under the keyring's active key-encryption key, source by source,
 * in row order, a batch at a time. Only the key part of each value changes (compare-and-set on the stored
 * bytes, so a value the application rewrites meanwhile is left alone); the data is never re-encrypted.
 *
 * Resumable by construction: a run looks only for values not yet under the active key, so a run that stops
 * half-way (crash, Ctrl-C, a lost connection) is finished by the next one. Safe while serving: every value
 * opens under its old key until it is rewrapped and under the new one after, as long as both keys are in the
 * keyring; a key may leave the keyring once `usage()` shows nothing under it.
 */
export class KeyRotation {
  private readonly sources = new Map<string, RewrapSource>();

  constructor(private readonly sealer: Sealer) {}

  register(source: RewrapSource): void {
    if (this.sources.has(source.name)) throw new Error(`sealed source ${source.name} registered twice`);
    this.sources.set(source.name, source);
  }

  get activeKeyId(): string {
    return this.sealer.activeKeyId;
  }

  async run(options: RotationOptions = {}): Promise<RotationReport> {
    const batchSize = options.batchSize ?? 200;
    const report: RotationReport = {};
    for (const source of this.sources.values()) {
      const counts: RotationCounts = { rewrapped: 0, upgraded: 0, changed: 0, unreadable: 0 };
      report[source.name] = counts;
      let after: string | null = null;
      for (;;) {
        const cells = await source.scan(after, batchSize, this.sealer.activeKeyId);
        if (cells.length === 0) break;
        for (const cell of cells) {
          await this.rotateOne(source, cell, counts, options);
          after = cell.id;
        }
        await options.onBatch?.(source.name, counts);
      }
    }
    return report;
  }

  private async rotateOne(
    source: RewrapSource,
    cell: SealedCell,
    counts: RotationCounts,
    options: RotationOptions,
  ): Promise<void> {
    try {
      if (!isSealed(cell.head)) {
        if (source.upgrade && (await source.upgrade(cell))) {
          counts.upgraded += 1;
        } else {
          counts.unreadable += 1;
          options.onUnreadable?.(source.name, cell.id, 'malformed');
        }
        return;
      }
      if (options.legacyOnly) return;
      const { keyPart } = splitSealed(cell.head);
      const next = this.sealer.rewrap(cell.scope, keyPart);
      if (!next) return;
      if (await source.replace(cell, keyPart, next)) counts.rewrapped += 1;
      else counts.changed += 1;
    } catch (error) {
      if (!isSealError(error)) throw error;
      counts.unreadable += 1;
      options.onUnreadable?.(source.name, cell.id, error.reason);
    }
  }

  /** Stored values per source and key id: a key may leave the keyring once no source lists it. */
  async usage(): Promise<Record<string, Record<string, number>>> {
    const usage: Record<string, Record<string, number>> = {};
    for (const source of this.sources.values()) usage[source.name] = await source.usage();
    return usage;
  }
}

/** A sealed column: where it is, and how each row's scope is made. */
export interface SealedColumnSpec {
  name: string;
  table: string;
  /** A unique, ordered column (the primary key). */
  id: string;
  /** A bytea column holding sealed values (or key parts of sealed files), or text holding them in base64. */
  column: string;
  encoding?: 'bytea' | 'base64';
  /** Columns the scope is made from; read as text. */
  scopeColumns: readonly string[];
  scope: (row: Record<string, string | null>, id: string) => SealScope;
  /**
   * For values stored before envelopes: the plaintext of `value`, or undefined when it is not such a value
   * (the old vault's blobs, plaintext PDFs). Throws a `SealError` when it cannot be read.
   */
  legacy?: (value: Buffer, row: Record<string, string | null>, id: string) => Buffer | undefined;
}

const MAGIC_AND_VERSION = Buffer.from('SWXE\x01', 'latin1');

/** A `RewrapSource` over one table column, on either database, with compare-and-set replacement. */
export function sealedColumn(db: Db, sealer: Sealer, spec: SealedColumnSpec): RewrapSource {
  const table = sql.identifier(spec.table);
  const id = sql.identifier(spec.id);
  const column = sql.identifier(spec.column);
  const base64 = spec.encoding === 'base64';
  // The stored value as bytes, whatever the column's type.
  const value: SQL = base64 ? sql`decode(${column}, 'base64')` : sql`${column}`;
  // `, a::text as scope_a, ...`: the scope's columns after whatever the query selects first.
  const scopeColumns = sql.join(
    spec.scopeColumns.map(
      (name) => sql`, ${sql.identifier(name)}::text as ${sql.identifier(`scope_${name}`)}`,
    ),
  );
  const scopeOf = (raw: Record<string, unknown>) =>
    Object.fromEntries(
      spec.scopeColumns.map((name) => [name, (raw[`scope_${name}`] as string | null) ?? null]),
    );
  const toBuffer = (bytes: unknown) => Buffer.from(bytes as Uint8Array);
  const prefixOf = (keyId: string) =>
    Buffer.concat([MAGIC_AND_VERSION, Buffer.from([keyId.length]), Buffer.from(keyId, 'latin1')]);

  async function whole(cellId: string): Promise<Buffer | undefined> {
    const [row] = rowsOf<{ value: unknown }>(
      await db.execute(sql`select ${value} as value from ${table} where ${id} = ${cellId}`),
    );
    return row?.value ? toBuffer(row.value) : undefined;
  }

  async function store(cellId: string, before: Buffer, after: Buffer): Promise<boolean> {
    const stored = base64 ? after.toString('base64') : after;
    const previous = base64 ? before.toString('base64') : before;
    const rows = rowsOf(
      await db.execute(
        sql`update ${table} set ${column} = ${stored} where ${id} = ${cellId} and ${column} = ${previous} returning 1 as done`,
      ),
    );
    return rows.length > 0;
  }

  return {
    name: spec.name,
    async scan(after, limit, activeKeyId) {
      const prefix = prefixOf(activeKeyId);
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select ${id}::text as row_id, substring(${value} from 1 for ${KEY_PART_MAX}) as head ${scopeColumns}
          from ${table}
          where ${column} is not null
            and substring(${value} from 1 for ${prefix.length}) <> ${prefix}
            ${after === null ? sql`` : sql`and ${id} > ${after}`}
          order by ${id}
          limit ${limit}`),
      );
      return rows.map((row) => {
        const rowId = String(row.row_id);
        return { id: rowId, scope: spec.scope(scopeOf(row), rowId), head: toBuffer(row.head) };
      });
    },
    async replace(cell, before, keyPart) {
      if (base64) {
        const current = await whole(cell.id);
        if (!current || !current.subarray(0, before.length).equals(before)) return false;
        return store(cell.id, current, Buffer.concat([keyPart, current.subarray(before.length)]));
      }
      const rows = rowsOf(
        await db.execute(sql`
          update ${table} set ${column} = overlay(${column} placing ${keyPart} from 1 for ${before.length})
          where ${id} = ${cell.id} and substring(${column} from 1 for ${before.length}) = ${before}
          returning 1 as done`),
      );
      return rows.length > 0;
    },
    ...(spec.legacy
      ? {
          async upgrade(cell: SealedCell) {
            const current = await whole(cell.id);
            if (!current || isSealed(current)) return false;
            const [row] = rowsOf<Record<string, unknown>>(
              await db.execute(sql`select 1 as found ${scopeColumns} from ${table} where ${id} = ${cell.id}`),
            );
            const plain = spec.legacy!(current, scopeOf(row ?? {}), cell.id);
            if (!plain) return false;
            return store(cell.id, current, sealer.seal(cell.scope, plain));
          },
        }
      : {}),
    async usage() {
      const rows = rowsOf<{ key_id: string; count: number | string }>(
        await db.execute(sql`
          select case when length(${value}) > 6 and substring(${value} from 1 for 5) = ${MAGIC_AND_VERSION}
                      then encode(substring(${value} from 7 for get_byte(${value}, 5)), 'escape')
                      else 'legacy' end as key_id,
                 count(*)::int as count
          from ${table} where ${column} is not null group by 1`),
      );
      return Object.fromEntries(rows.map((row) => [row.key_id, Number(row.count)]));
    },
  };
}
