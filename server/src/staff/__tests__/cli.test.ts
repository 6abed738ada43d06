import { and, eq, sql } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { runCli, type CliIo } from '../../admin-cli';
import { AppError } from '../../http/errors';
import type { ReviewListItem } from '../reviews';
import { auditLog } from '../tables';
import { createStaffTestServer, staffCredentials } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createStaffTestServer();
  const { db } = server.database;
  await db.execute(sql`create table cli_claims (id bigint primary key, status text not null)`);
  await db.execute(sql`insert into cli_claims values (7, 'pending'), (8, 'pending')`);
  const decide =
    (status: string) => async (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: string) => {
      const result = await tx.execute(
        sql`update cli_claims set status = ${status} where id = ${id} and status = 'pending' returning id`,
      );
      if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError('11043');
      return { id, status };
    };
  server.services.reviews.register('cli-test', {
    role: 'reviewer',
    async list(status) {
      const result = await db.execute(
        sql`select id::text as id, status from cli_claims where status = ${status} order by id`,
      );
      return (result as unknown as { rows: ReviewListItem[] }).rows;
    },
    isOpen: async () => true,
    approve: (tx, id) => decide('approved')(tx, id),
    reject: (tx, id) => decide('rejected')(tx, id),
  });
});
afterAll(async () => server.close());

async function cli(argv: string[], env: Record<string, string> = {}, password = 'Prompted-pass-77') {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env,
    readPassword: async () => password,
  };
  const code = await runCli(argv, server.services, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const staffArg = ['--staff', staffCredentials.username];
const reviewerArg = ['--staff', 'auditor'];

describe('admin CLI', () => {
  it('prints usage', async () => {
    expect((await cli(['--help'])).out).toContain('create-staff <username>');
    expect((await cli([])).code).toBe(2);
    expect((await cli(['frobnicate'])).code).toBe(2);
  });

  it('creates a staff account from STAFF_PASSWORD, audited as the acting staff member', async () => {
    const res = await cli(
      [
        'create-staff',
        'auditor',
        '--roles',
        'reviewer,finance',
        '--email',
        'auditor@staff.swx.test',
        ...staffArg,
      ],
      { STAFF_PASSWORD: 'Auditor-pass-2026' },
    );
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Created staff auditor/);
    expect((await server.services.staff.findByUsername('auditor'))?.roles).toEqual(['reviewer', 'finance']);
    const login = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/login',
      payload: { username: 'auditor', password: 'Auditor-pass-2026' },
    });
    expect(login.statusCode).toBe(200);
    // Made by another member: the temporary password must be changed at the first sign-in.
    expect(login.json().result.passwordChangeRequired).toBe(true);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff:${res.out.match(/id (\d+)/)![1]}`));
    expect(row!.staffId).not.toBeNull();
  });

  it('prompts for the password when STAFF_PASSWORD is unset', async () => {
    const res = await cli(['create-staff', 'prompted', '--roles', 'content', ...staffArg]);
    expect(res.code).toBe(0);
    expect((await server.services.staff.findByUsername('prompted'))?.username).toBe('prompted');
  });

  it('needs --roles, with known roles only, once staff exist', async () => {
    const env = { STAFF_PASSWORD: 'Rolesless-pass-2026' };
    const none = await cli(['create-staff', 'rolesless', ...staffArg], env);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/--roles is required/);
    const unknown = await cli(['create-staff', 'rolesless', '--roles', 'reviewer,janitor', ...staffArg], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown role janitor/);
    const both = await cli(['create-staff', 'rolesless', '--roles', 'admin,finance', ...staffArg], env);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/admin and the finance role/);
    expect(await server.services.staff.findByUsername('rolesless')).toBeUndefined();
  });

  it('sets a member e-mail address as the operator, audited', async () => {
    const res = await cli(['set-staff-email', 'prompted', 'Prompted@Staff.swx.test']);
    expect(res.code).toBe(0);
    expect(res.out).toBe('prompted <prompted@staff.swx.test>');
    expect((await cli(['set-staff-email', 'prompted', 'not-an-address'])).code).toBe(1);
  });

  it('needs --staff once staff exist', async () => {
    const res = await cli(['create-staff', 'sneaky'], { STAFF_PASSWORD: 'Sneaky-pass-2026' });
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/--staff/);
    expect(await server.services.staff.findByUsername('sneaky')).toBeUndefined();
  });

  it('lists, approves and rejects reviews', async () => {
    const list = await cli(['reviews', 'cli-test', '--json']);
    const unclaimed = { claim: null, approvals: [], approvalsRequired: 1, approvalsBasis: null };
    expect(JSON.parse(list.out)).toEqual([
      { id: '7', status: 'pending', ...unclaimed },
      { id: '8', status: 'pending', ...unclaimed },
    ]);
    // The start-up admin holds no reviewer role: the reviewer created above decides.
    expect((await cli(['approve', 'cli-test', '7', ...staffArg])).err).toContain('11160');
    expect((await cli(['approve', 'cli-test', '7', ...reviewerArg])).code).toBe(0);
    const reject = await cli(['reject', 'cli-test', '8', 'hash', 'not', 'found', ...reviewerArg]);
    expect(reject.code).toBe(0);
    expect(reject.out).toContain('hash not found');
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.target, 'cli-test:8'));
    expect(audit[0]).toMatchObject({
      action: 'review.cli-test.reject',
      details: { reason: 'hash not found' },
    });
    expect((await cli(['reviews', 'cli-test'])).out).toMatch(/No cli-test records/);
    const again = await cli(['approve', 'cli-test', '7', ...reviewerArg]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('11043');
  });

  it('refuses unknown kinds and staff', async () => {
    expect((await cli(['approve', 'nonesuch', '1', ...staffArg])).code).toBe(1);
    expect((await cli(['approve', 'cli-test', '1', '--staff', 'ghost'])).code).toBe(2);
    expect((await cli(['approve', 'cli-test', '1'])).code).toBe(2);
  });

  it('sets a parameter as a pending change a second admin approves, audited; an editorial one at once', async () => {
    const deputy = await server.database.db.transaction((tx) =>
      server.services.staff.create(tx, 'deputy', 'Deputy-pass-2026', null, ['admin']),
    );
    const res = await cli([
      'set-param',
      'deposit_min_usdt',
      '150',
      'raise',
      'minimum',
      ...staffArg,
      '--json',
    ]);
    expect(res.code).toBe(0);
    const change = JSON.parse(res.out) as { id: string; status: string };
    expect(change.status).toBe('pending');
    expect(server.services.params.get('deposit_min_usdt')).toBe('120');
    expect((await cli(['changes', ...staffArg])).out).toContain(`${change.id} param param:deposit_min_usdt`);
    // The maker cannot approve; the second admin can.
    expect((await cli(['approve-change', change.id, 'ok', ...staffArg])).err).toContain('11171');
    const approved = await cli([
      'approve-change',
      change.id,
      'checked',
      'the',
      'rate',
      '--staff',
      deputy.username,
    ]);
    expect(approved.out).toBe(`Change ${change.id}: approved`);
    expect(server.services.params.get('deposit_min_usdt')).toBe('150');
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, 'param:deposit_min_usdt'), eq(auditLog.action, 'param.set')));
    expect(row!.details).toMatchObject({
      from: '120',
      to: '150',
      reason: 'raise minimum',
      approvalReason: 'checked the rate',
    });
    expect((await cli(['set-param', 'deposit_min_usdt', 'lots', 'x', ...staffArg])).code).toBe(1);
    expect((await cli(['params'])).out).toContain('deposit_min_usdt = 150');
    const editorial = await cli(['set-param', 'down_url', '/help', 'new', 'page', ...staffArg]);
    expect(editorial.out).toBe('down_url = /help');
    const rejected = await cli(['set-param', 'trade_fee_rate', '0.002', 'x', ...staffArg, '--json']);
    const id = (JSON.parse(rejected.out) as { id: string }).id;
    expect((await cli(['reject-change', id, 'not', 'now', '--staff', deputy.username])).out).toBe(
      `Change ${id}: rejected`,
    );
  });

  it('verifies the audit chain and lists anchors', async () => {
    const ok = await cli(['audit-verify']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^Audit chain OK: \d+ rows/);
    expect((await cli(['audit-anchors'])).out).toMatch(/No anchors yet|seq/);
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger user`);
      await tx.execute(sql`update audit_log set target = 'param:forged' where id = 2`);
      await tx.execute(sql`alter table audit_log enable trigger user`);
    });
    const broken = await cli(['audit-verify']);
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/^Audit chain BROKEN at row 2 \(seq \d+, content\)/);
  });

  it('runs the ledger check', async () => {
    const res = await cli(['ledger-check']);
    expect(res.code).toBe(0);
    expect(res.out).toBe('Ledger OK');
    const json = await cli(['ledger-check', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ ok: true });
  });
});
