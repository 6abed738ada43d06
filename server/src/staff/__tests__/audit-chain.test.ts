import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq, sql } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { migrationsFolder } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openEmptyTestPglite } from '../../test/database';
import { chainDigest, GENESIS_HASH, type ChainRow } from '../audit-chain';
import { auditLog } from '../tables';
import { createStaffTestServer, staffMember, staffToken } from './helpers';

/**
 * The tamper-evident audit log (issue 26, item 5): the database refuses to change a written row; every row
 * is chained to the one before by SHA-256; the verifier (recomputing the hashes here, apart from the
 * database's trigger) names the first row that no longer fits, whether a row was altered, removed from the
 * middle or the end, or the whole chain rewritten after a day was anchored.
 */
const record = (server: TestServer, action: string, target: string, details: object, createdAt?: Date) =>
  server.database.db
    .insert(auditLog)
    .values({ action, target, details, ...(createdAt ? { createdAt } : {}) });

/** Runs `statements` with the audit log's own triggers switched off: what someone with the database could do. */
async function tamper(server: TestServer, ...statements: ReturnType<typeof sql>[]) {
  const { db } = server.database;
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger user`);
    await tx.execute(sql`alter table audit_chain_head disable trigger user`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger user`);
    await tx.execute(sql`alter table audit_chain_head enable trigger user`);
  });
}

async function freshServer(): Promise<TestServer> {
  const server = await createStaffTestServer();
  await record(server, 'test.one', 'thing:1', { amount: '12.50', note: 'first – é 日本' });
  await record(server, 'test.two', 'thing:2', { nested: { b: 2, a: [1, 'two'] } });
  await record(server, 'test.three', 'thing:3', {});
  return server;
}

const idOf = async (server: TestServer, action: string) =>
  String((await server.database.db.select().from(auditLog).where(eq(auditLog.action, action)))[0]!.id);

describe('the audit log in the database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await freshServer();
  });
  afterAll(async () => server.close());

  it('refuses UPDATE, DELETE and TRUNCATE, and moving the chain head by hand', async () => {
    const { db } = server.database;
    for (const statement of [
      sql`update audit_log set target = 'thing:9' where action = 'test.one'`,
      sql`delete from audit_log where action = 'test.one'`,
      sql`truncate audit_log`,
      sql`update audit_chain_head set last_seq = 1`,
      sql`delete from audit_chain_head`,
    ])
      await expect(db.execute(statement)).rejects.toThrow();
    expect((await server.services.auditChain.verify()).ok).toBe(true);
  });

  it('chains every row: seq in order, each to the hash of the row before, hashes recomputed independently', async () => {
    const rows = rowsOf<ChainRow>(
      await server.database.db.execute(sql`
        select seq::text as "seq", id::text as "id", staff_id::text as "staffId", action, target,
          details::text as "details",
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
          prev_hash as "prevHash", hash
        from audit_log order by audit_log.seq`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    rows.forEach((row, i) => {
      expect(row.seq).toBe(String(i + 1));
      if (i > 0) expect(row.prevHash).toBe(rows[i - 1]!.hash);
      expect(chainDigest(row)).toBe(row.hash);
    });
    const verified = await server.services.auditChain.verify();
    expect(verified).toMatchObject({ ok: true, rowsChecked: rows.length, firstBroken: null });
    expect(verified.lastHash).toBe(rows.at(-1)!.hash);
  });
});

describe('the verifier', () => {
  it('names a row altered with the trigger disabled', async () => {
    const server = await freshServer();
    try {
      const id = await idOf(server, 'test.two');
      await tamper(
        server,
        sql`update audit_log set details = '{"nested": {"a": [1, "three"], "b": 2}}' where id = ${id}`,
      );
      expect((await server.services.auditChain.verify()).firstBroken).toMatchObject({
        id,
        problem: 'content',
      });
    } finally {
      await server.close();
    }
  });

  it('names the row after one deleted from the middle, and sees rows deleted from the end', async () => {
    const server = await freshServer();
    try {
      const two = await idOf(server, 'test.two');
      const three = await idOf(server, 'test.three');
      await tamper(server, sql`delete from audit_log where id = ${two}`);
      expect((await server.services.auditChain.verify()).firstBroken).toMatchObject({
        id: three,
        problem: 'sequence',
      });
    } finally {
      await server.close();
    }
    const other = await freshServer();
    try {
      await tamper(other, sql`delete from audit_log where action = 'test.three'`);
      expect((await other.services.auditChain.verify()).firstBroken).toMatchObject({ problem: 'head' });
    } finally {
      await other.close();
    }
  });

  it('sees a chain rewritten consistently after a day was anchored', async () => {
    const server = await createStaffTestServer();
    try {
      const day = 86_400_000;
      const start = Math.floor(Date.now() / day) * day - 3 * day;
      await record(server, 'test.old', 'thing:1', { n: 1 }, new Date(start + 3_600_000));
      await record(server, 'test.old', 'thing:2', { n: 2 }, new Date(start + day + 3_600_000));
      const made = await server.services.auditChain.anchorFinishedDays();
      // The start-up rows and these: every finished day with rows before its end is anchored, once.
      expect(made.length).toBeGreaterThanOrEqual(2);
      expect(await server.services.auditChain.anchorFinishedDays()).toEqual([]);
      const anchors = await server.services.auditChain.anchors();
      expect(anchors[0]!.lastHash).toMatch(/^[0-9a-f]{64}$/);
      await expect(server.database.db.execute(sql`delete from audit_anchors`)).rejects.toThrow();
      expect((await server.services.auditChain.verify()).anchorsChecked).toBe(anchors.length);
      // Someone with the database changes the first old row and recomputes every hash after it, head too:
      // the chain is consistent again, but no longer matches the anchors.
      const first = await idOf(server, 'test.old');
      await tamper(
        server,
        sql`update audit_log set details = '{"n": 100}' where id = ${first}`,
        sql`do $$
          declare r record; h text;
          begin
            select prev_hash into h from audit_log where id = ${sql.raw(first)};
            for r in select * from audit_log where id >= ${sql.raw(first)} order by seq loop
              update audit_log set prev_hash = h,
                hash = audit_log_digest(h, r.seq, r.id, r.staff_id, r.action, r.target, r.details, r.created_at)
                where id = r.id returning hash into h;
            end loop;
            update audit_chain_head set last_hash = h;
          end $$`,
      );
      const verified = await server.services.auditChain.verify();
      expect(verified.firstBroken).toMatchObject({ problem: 'anchor' });
    } finally {
      await server.close();
    }
  });
});

describe('the staff routes and the command line', () => {
  let server: TestServer;
  let chief: string;
  let reviewer: { staffId: string; token: string };
  beforeAll(async () => {
    server = await createStaffTestServer();
    chief = await staffToken(server);
    reviewer = await staffMember(server, 'vera', ['reviewer']);
  });
  afterAll(async () => server.close());

  const get = (url: string, token: string) =>
    server.app.inject({ method: 'GET', url: `/swx/admin${url}`, headers: { authorization: token } });

  it('verifies for admins only, audited', async () => {
    expect((await get('/audit/verify', reviewer.token)).json().code).toBe('11160');
    const answer = (await get('/audit/verify', chief)).json();
    expect(answer.result).toMatchObject({ ok: true, firstBroken: null });
    const [row] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.verify'));
    expect(row!.details).toMatchObject({ ok: true });
    expect((await get('/audit/anchors', chief)).json().result).toEqual([]);
  });

  it('exports a period as CSV and JSON, by actor and kind, chain fields included, audited', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const csv = await get(`/audit/export?format=csv&from=${from}&to=${to}&action=staff.*`, chief);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="swx-audit-.*\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('seq,id,created_at,staff_id,staff_username,action,target,details,prev_hash,hash');
    expect(lines.slice(1).every((line) => line.includes(',staff.'))).toBe(true);
    expect(lines.some((line) => line.includes('staff.create'))).toBe(true);
    const json = await get(
      `/audit/export?format=json&from=${from}&to=${to}&staffId=${reviewer.staffId}`,
      chief,
    );
    const entries = JSON.parse(json.body) as {
      staffId: string;
      seq: string;
      prevHash: string;
      hash: string;
    }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.staffId === reviewer.staffId)).toBe(true);
    expect(entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.hash))).toBe(true);
    // Nothing in an empty period; bad queries and too large a period are refused.
    const empty = await get(
      '/audit/export?format=json&from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z',
      chief,
    );
    expect(JSON.parse(empty.body)).toEqual([]);
    const exports = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.export'));
    expect(exports.map((row) => (row.details as { format: string }).format)).toEqual(['csv', 'json', 'json']);
    expect((await get(`/audit/export?format=xml&from=${from}&to=${to}`, chief)).statusCode).toBe(400);
    expect((await get(`/audit/export?format=csv&from=${from}`, chief)).statusCode).toBe(400);
    server.services.audit.exportLimit = 2;
    try {
      expect((await get(`/audit/export?format=csv&from=${from}&to=${to}`, chief)).json().code).toBe('11315');
    } finally {
      server.services.audit.exportLimit = 100_000;
    }
    expect((await get(`/audit/export?format=csv&from=${from}&to=${to}`, reviewer.token)).json().code).toBe(
      '11160',
    );
  });

  it('lists by kind of action with a trailing *', async () => {
    const page = (await get('/audit?action=staff.*&pageSize=200', chief)).json().result;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item: { action: string }) => item.action.startsWith('staff.'))).toBe(true);
    expect(page.items[0].seq).toMatch(/^[0-9]+$/);
  });
});

describe('migration 0022 on a database with history', () => {
  it('chains the rows written before it, and takes finance from a member who also held admin', async () => {
    const all = path.resolve(migrationsFolder);
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-migrations-'));
    fs.cpSync(all, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    // Everything before 0022 (the migrator applies only what is newer than the last applied migration).
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag === '0022_backoffice'),
    );
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    // A bare database without initdb's cost: the migrated template with its schemas dropped.
    const client = await openEmptyTestPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into staff (username, password_hash, roles) values ('old_chief', 'x', '{reviewer,finance,admin,content}');
        insert into audit_log (staff_id, action, target, details) values
          (1, 'staff.create', 'staff:1', '{"username": "old_chief"}'),
          (1, 'param.set', 'param:trade_fee_rate', '{"from": "0.001", "to": "0.002"}'),
          (null, 'staff.login_failed', 'staff:unknown', '{}');`);
      await migrate(db, { migrationsFolder: all });
      const rows = rowsOf<ChainRow>(
        (await client.query(`
          select seq::text as "seq", id::text as "id", staff_id::text as "staffId", action, target,
            details::text as "details",
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
            prev_hash as "prevHash", hash
          from audit_log order by audit_log.seq`)) as never,
      );
      expect(rows.map((row) => row.seq)).toEqual(['1', '2', '3']);
      expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
      rows.forEach((row, i) => {
        if (i > 0) expect(row.prevHash).toBe(rows[i - 1]!.hash);
        expect(chainDigest(row)).toBe(row.hash);
      });
      const roles = await client.query<{ roles: string[] }>(
        `select roles from staff where username = 'old_chief'`,
      );
      expect(roles.rows[0]!.roles).toEqual(['reviewer', 'admin', 'content']);
      // New rows continue the chain.
      await client.exec(`insert into audit_log (action, target) values ('test.after', 'thing:4')`);
      const next = await client.query<{ seq: string; prev_hash: string }>(
        `select seq::text as seq, prev_hash from audit_log where action = 'test.after'`,
      );
      expect(next.rows[0]).toEqual({ seq: '4', prev_hash: rows[2]!.hash });
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
