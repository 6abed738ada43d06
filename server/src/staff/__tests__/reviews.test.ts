import { eq, sql } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { AppError } from '../../http/errors';
import type { ReviewDecision, ReviewListItem } from '../reviews';
import { auditLog } from '../tables';
import { createStaffTestServer, staffMember } from './helpers';

let server: TestServer;
let token: string;
const decisions: ReviewDecision[] = [];

/**
 * A kind registered the way a domain does it, on a real table, so the test sees the decision and its audit
 * row commit (or roll back) together.
 */
beforeAll(async () => {
  server = await createStaffTestServer();
  // The kind is a reviewer's; the start-up account is an admin only.
  token = (await staffMember(server, 'rita', ['reviewer'])).token;
  const { db } = server.database;
  await db.execute(sql`create table test_claims (id bigint primary key, status text not null, reason text)`);
  await db.execute(
    sql`insert into test_claims values (1, 'pending', null), (2, 'pending', null), (3, 'pending', null)`,
  );
  server.services.reviews.register('claim', {
    role: 'reviewer',
    async list(status) {
      const result = await db.execute(
        sql`select id::text as id, status, reason from test_claims where status = ${status} order by id`,
      );
      return (result as unknown as { rows: ReviewListItem[] }).rows;
    },
    async isOpen(id) {
      const result = await db.execute(sql`select status from test_claims where id = ${id}`);
      const rows = (result as unknown as { rows: { status: string }[] }).rows;
      return rows[0] ? rows[0].status === 'pending' : undefined;
    },
    async approve(tx, id, _staff, facts) {
      if (facts.explode) throw new AppError('500');
      const result = await tx.execute(
        sql`update test_claims set status = 'approved' where id = ${id} and status = 'pending' returning id`,
      );
      if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError('11043');
      return { id, status: 'approved' };
    },
    async reject(tx, id, _staff, reason) {
      const result = await tx.execute(
        sql`update test_claims set status = 'rejected', reason = ${reason} where id = ${id} and status = 'pending' returning id`,
      );
      if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError('11043');
      return { id, status: 'rejected', reason };
    },
    afterDecision(decision) {
      decisions.push(decision);
    },
  });
});
afterAll(async () => server.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({
    method,
    url: `/swx/admin${url}`,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });

const auditFor = async (target: string) =>
  server.database.db.select().from(auditLog).where(eq(auditLog.target, target));

describe('review queue', () => {
  it('lists pending records of a registered kind', async () => {
    const res = await call('GET', '/reviews?kind=claim&status=pending');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((r: { id: string }) => r.id)).toEqual(['1', '2', '3']);
    expect((await call('GET', '/reviews?kind=claim')).json().result).toHaveLength(3);
  });

  it('approves, writes the audit row and runs the after-decision step', async () => {
    const res = await call('POST', '/reviews/claim/1/approve', { reference: 'tx-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ id: '1', status: 'approved' });
    const rows = await auditFor('claim:1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'review.claim.approve',
      details: { facts: { reference: 'tx-123' } },
    });
    expect(decisions.at(-1)).toMatchObject({ kind: 'claim', id: '1', outcome: 'approve' });
  });

  it('approves with no body at all', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/reviews/claim/3/approve',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects with a reason, audited', async () => {
    const res = await call('POST', '/reviews/claim/2/reject', {
      reason: 'Proof image does not show the transfer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      status: 'rejected',
      reason: 'Proof image does not show the transfer',
    });
    const rows = await auditFor('claim:2');
    expect(rows[0]).toMatchObject({
      action: 'review.claim.reject',
      details: { reason: 'Proof image does not show the transfer' },
    });
  });

  it('requires a reason of 1 to 500 characters', async () => {
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await call('POST', '/reviews/claim/2/reject', payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses a second decision on the same record, without an audit row', async () => {
    const res = await call('POST', '/reviews/claim/1/reject', { reason: 'too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('11043');
    expect(await auditFor('claim:1')).toHaveLength(1);
  });

  it('rolls the audit row back when the decision fails', async () => {
    await server.database.db.execute(sql`insert into test_claims values (4, 'pending', null)`);
    const res = await call('POST', '/reviews/claim/4/approve', { explode: true });
    expect(res.statusCode).toBe(500);
    expect(await auditFor('claim:4')).toHaveLength(0);
  });

  it('answers 404 for an unknown kind', async () => {
    expect((await call('GET', '/reviews?kind=nonesuch')).statusCode).toBe(404);
    expect((await call('POST', '/reviews/nonesuch/1/approve', {})).statusCode).toBe(404);
    expect((await call('POST', '/reviews/nonesuch/1/reject', { reason: 'x' })).statusCode).toBe(404);
  });

  it('requires a staff token', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/admin/reviews/claim/4/approve',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses registering a kind twice', () => {
    expect(() => server.services.reviews.register('claim', {} as never)).toThrow(/already registered/);
  });
});
