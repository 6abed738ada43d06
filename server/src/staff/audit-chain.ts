import crypto from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { AuditAnchor, AuditBreak, AuditVerification } from '@swx/shared/contract';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { auditAnchors } from './tables';

/** The hash a chain starts from: the "previous hash" of row 1. */
export const GENESIS_HASH = '0'.repeat(64);
const BATCH = 2_000;
const DAY_MS = 86_400_000;
/** Days one anchoring pass catches up at most (a server down for longer catches up over several passes). */
const ANCHOR_DAYS_PER_PASS = 400;

/** One audit row as the chain renders it: every field as the text the database's digest function reads. */
export interface ChainRow {
  seq: string;
  id: string;
  staffId: string | null;
  action: string;
  target: string;
  /** `details::text`: PostgreSQL's canonical rendering of the jsonb value. */
  details: string;
  /** `created_at` in UTC with microseconds: `2026-11-27T20:35:00.228000Z`. */
  createdAt: string;
  prevHash: string;
  hash: string;
}

/**
 * The row's hash, computed here independently of the database trigger (`audit_log_digest` in migration
 * 0022): SHA-256 over `swx-audit-v1|prev|seq|id|staff|len:action|len:target|len:details|created`, lengths in
 * UTF-8 bytes so no field can be shifted into its neighbour.
 */
export function chainDigest(row: Omit<ChainRow, 'hash'>): string {
  const field = (value: string) => `${Buffer.byteLength(value, 'utf8')}:${value}`;
  const text = [
    'swx-audit-v1',
    row.prevHash,
    row.seq,
    row.id,
    row.staffId ?? '',
    field(row.action),
    field(row.target),
    field(row.details),
    row.createdAt,
  ].join('|');
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The first row (in chain order) that does not follow from the ones before it, or undefined. */
export function firstBreak(
  rows: readonly ChainRow[],
  before: { seq: bigint; hash: string },
): AuditBreak | undefined {
  let seq = before.seq;
  let hash = before.hash;
  for (const row of rows) {
    const at = { id: row.id, seq: row.seq };
    if (BigInt(row.seq) !== seq + 1n)
      return { ...at, problem: 'sequence', detail: `expected seq ${seq + 1n}: rows are missing before it` };
    if (row.prevHash !== hash)
      return { ...at, problem: 'link', detail: 'its previous hash is not the hash of the row before it' };
    if (chainDigest(row) !== row.hash)
      return { ...at, problem: 'content', detail: 'its content no longer matches its hash' };
    seq = BigInt(row.seq);
    hash = row.hash;
  }
  return undefined;
}

const selectRows = (afterSeq: bigint) => sql`
  select seq::text as "seq", id::text as "id", staff_id::text as "staffId", action, target,
    details::text as "details",
    to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
    prev_hash as "prevHash", hash
  from audit_log where audit_log.seq > ${afterSeq.toString()}::bigint order by audit_log.seq limit ${BATCH}`;

const anchorView = (row: typeof auditAnchors.$inferSelect): AuditAnchor => ({
  day: row.day,
  lastSeq: row.lastSeq.toString(),
  lastHash: row.lastHash,
  rows: row.rows,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The audit log's tamper evidence: a verifier that recomputes every row's hash and link in chain order (and
 * checks the head and the daily anchors), and the daily anchors themselves — the chain's last hash at the end
 * of each UTC day, stored once, shown to admins and printed by the command line so they can be kept apart
 * from the database.
 */
export class AuditChain {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async verify(): Promise<AuditVerification> {
    let last = { seq: 0n, hash: GENESIS_HASH };
    let rowsChecked = 0;
    const answer = (firstBroken: AuditBreak | null, anchorsChecked = 0): AuditVerification => ({
      ok: firstBroken === null,
      rowsChecked,
      anchorsChecked,
      lastSeq: last.seq === 0n ? null : last.seq.toString(),
      lastHash: last.seq === 0n ? null : last.hash,
      firstBroken,
      checkedAt: new Date(this.now()).toISOString(),
    });
    for (;;) {
      const rows = rowsOf<ChainRow>(await this.db.execute(selectRows(last.seq)));
      if (rows.length === 0) break;
      const broken = firstBreak(rows, last);
      if (broken) {
        rowsChecked += rows.findIndex((row) => row.seq === broken.seq);
        return answer(broken);
      }
      rowsChecked += rows.length;
      const end = rows[rows.length - 1]!;
      last = { seq: BigInt(end.seq), hash: end.hash };
      if (rows.length < BATCH) break;
    }
    const [head] = rowsOf<{ lastSeq: string; lastHash: string }>(
      await this.db.execute(
        sql`select last_seq::text as "lastSeq", last_hash as "lastHash" from audit_chain_head where id = 1`,
      ),
    );
    if (!head || BigInt(head.lastSeq) !== last.seq || head.lastHash !== last.hash)
      return answer({
        id: '',
        seq: head?.lastSeq ?? '',
        problem: 'head',
        detail: `the chain's head names seq ${head?.lastSeq ?? 'none'}, the last row is seq ${last.seq}: rows are missing at the end`,
      });
    const anchors = await this.db.select().from(auditAnchors).orderBy(auditAnchors.day);
    const hashes = new Map<string, { id: string; hash: string }>();
    for (let i = 0; i < anchors.length; i += 500) {
      const seqs = anchors.slice(i, i + 500).map((anchor) => anchor.lastSeq.toString());
      const found = rowsOf<{ seq: string; id: string; hash: string }>(
        await this.db.execute(
          sql`select seq::text as "seq", id::text as "id", hash from audit_log where seq = any(${`{${seqs.join(',')}}`}::bigint[])`,
        ),
      );
      for (const row of found) hashes.set(row.seq, { id: row.id, hash: row.hash });
    }
    for (const anchor of anchors) {
      const row = hashes.get(anchor.lastSeq.toString());
      if (!row || row.hash !== anchor.lastHash)
        return answer(
          {
            id: row?.id ?? '',
            seq: anchor.lastSeq.toString(),
            problem: 'anchor',
            detail: `the anchor of ${anchor.day} names a hash the chain no longer has`,
          },
          anchors.indexOf(anchor),
        );
    }
    return answer(null, anchors.length);
  }

  /** The latest anchors, newest first. */
  async anchors(limit = 60): Promise<AuditAnchor[]> {
    const rows = await this.db.select().from(auditAnchors).orderBy(desc(auditAnchors.day)).limit(limit);
    return rows.map(anchorView);
  }

  /**
   * Anchors every finished UTC day not anchored yet, from the day of the first audit row (a scheduler job,
   * so a missed day is caught up by the next pass). An anchor names the last row chained before the day
   * ended; days before the first row have none. Idempotent: an existing anchor is never replaced.
   */
  async anchorFinishedDays(now = this.now()): Promise<AuditAnchor[]> {
    const [latest] = await this.db.select().from(auditAnchors).orderBy(desc(auditAnchors.day)).limit(1);
    let dayStart: number;
    if (latest) dayStart = Date.parse(`${latest.day}T00:00:00Z`) + DAY_MS;
    else {
      const [first] = rowsOf<{ createdAt: Date | string | null }>(
        await this.db.execute(sql`select min(created_at) as "createdAt" from audit_log`),
      );
      if (!first?.createdAt) return [];
      dayStart = Math.floor(new Date(first.createdAt).getTime() / DAY_MS) * DAY_MS;
    }
    const made: AuditAnchor[] = [];
    for (let pass = 0; pass < ANCHOR_DAYS_PER_PASS && dayStart + DAY_MS <= now; pass += 1) {
      const dayEnd = new Date(dayStart + DAY_MS);
      const day = new Date(dayStart).toISOString().slice(0, 10);
      const [last] = rowsOf<{ seq: string; hash: string }>(
        await this.db.execute(
          sql`select seq::text as "seq", hash from audit_log where created_at < ${dayEnd.toISOString()}::timestamptz order by audit_log.seq desc limit 1`,
        ),
      );
      if (last) {
        const [counted] = rowsOf<{ rows: number | string }>(
          await this.db.execute(
            sql`select count(*)::int as "rows" from audit_log where created_at >= ${new Date(dayStart).toISOString()}::timestamptz and created_at < ${dayEnd.toISOString()}::timestamptz`,
          ),
        );
        const [inserted] = await this.db
          .insert(auditAnchors)
          .values({ day, lastSeq: BigInt(last.seq), lastHash: last.hash, rows: Number(counted?.rows ?? 0) })
          .onConflictDoNothing()
          .returning();
        if (inserted) made.push(anchorView(inserted));
      }
      dayStart += DAY_MS;
    }
    return made;
  }
}
