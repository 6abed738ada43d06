import { eq } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../../auth/testing';
import { auditLog } from '../../../staff/tables';
import { correctionRequests } from '../../tables';
import { backOfficeServer, type BackOfficeServer } from './helpers';

let server: BackOfficeServer;
let financeA: string;
let financeB: string;
let reviewer: string;
let customer: SignedUpCustomer;

beforeAll(async () => {
  server = await backOfficeServer();
  [financeA, financeB, reviewer] = await Promise.all([
    server.member(['finance']),
    server.member(['finance']),
    server.member(['reviewer', 'admin']),
  ]);
  customer = await server.customer();
  await server.fund(customer.userId, 'USDT', '100');
});
afterAll(async () => server.close());

const ask = (token: string, body: Record<string, unknown>) =>
  server.as(token, 'POST', '/corrections', {
    userId: customer.userId,
    mode: 'real',
    currency: 'USDT',
    reason: 'Fee charged twice on 12 November',
    ...body,
  });

const requestRows = () => server.database.db.select().from(correctionRequests);

describe('correction routes refuse callers without a staff session or the finance role', () => {
  const routes: ['GET' | 'POST', string, unknown][] = [
    ['GET', '/corrections', undefined],
    ['POST', '/corrections', { userId: '1', mode: 'real', currency: 'USDT', amount: '1', reason: 'x' }],
    ['POST', '/corrections/1/approve', undefined],
    ['POST', '/corrections/1/reject', { reason: 'x' }],
  ];

  it.each(routes)('%s %s answers 401 to a customer token and to no token', async (method, url) => {
    for (const token of [customer.token, null]) {
      expect(await server.as(token, method, url, method === 'POST' ? { junk: 1 } : undefined)).toMatchObject({
        status: 401,
        code: '401',
      });
    }
  });

  it.each(routes)(
    '%s %s answers 403 to a member without finance (even an admin)',
    async (method, url, payload) => {
      expect(await server.as(reviewer, method, url, payload)).toMatchObject({ status: 403, code: '11160' });
    },
  );
});

describe('requesting', () => {
  it('refuses bad input with a catalogue code and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0' }, '11010'],
      [{ amount: '5.001' }, '11500'],
      [{ amount: '1e3' }, '400'],
      [{ amount: '-' }, '400'],
      [{ amount: '5', reason: '' }, '400'],
      [{ amount: '5', reason: 'bad\u0000' }, '400'],
      [{ amount: '5', mode: 'paper' }, '400'],
      [{ amount: '5', currency: 'usdt' }, '400'],
      [{ amount: '5', currency: 'DOGE' }, '400'],
      [{ amount: '5', userId: '999999' }, '10009'],
      [{ amount: '-100.01' }, '11181'],
    ];
    for (const [body, code] of cases)
      expect({ body, code: (await ask(financeA, body)).code }).toEqual({ body, code });
    expect(await requestRows()).toHaveLength(0);
    expect((await server.as(financeA, 'GET', '/corrections?status=done')).code).toBe('400');
    expect((await server.as(financeA, 'GET', '/corrections?userId=x')).code).toBe('400');
    expect((await server.as(financeA, 'POST', '/corrections/abc/approve')).code).toBe('400');
  });

  it('records a pending request, audited, listed as pending; nothing is posted yet', async () => {
    const res = await ask(financeA, { amount: '-40.25' });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      userId: customer.userId,
      username: customer.username,
      amount: '-40.25',
      status: 'pending',
      decidedBy: null,
      journalId: null,
    });
    const pending = await server.as(financeB, 'GET', '/corrections?status=pending');
    expect(pending.result.map((c: { id: string }) => c.id)).toEqual([res.result.id]);
    expect(await server.balance(customer.userId)).toEqual({ available: '100', held: '0' });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'correction.request'));
    expect(audit).toHaveLength(1);
  });
});

describe('four eyes', () => {
  it('never lets the requester approve; a second finance member posts it, the customer sees it', async () => {
    const asked = await ask(financeA, { amount: '12.5', reason: 'Refund of a duplicated fee' });
    const id = asked.result.id as string;
    expect(await server.as(financeA, 'POST', `/corrections/${id}/approve`)).toMatchObject({
      status: 403,
      code: '11171',
    });
    expect(await server.balance(customer.userId)).toEqual({ available: '100', held: '0' });

    const approved = await server.as(financeB, 'POST', `/corrections/${id}/approve`);
    expect(approved.result).toMatchObject({ status: 'approved', journalId: expect.any(String) });
    expect(await server.balance(customer.userId)).toEqual({ available: '112.5', held: '0' });

    const records = await server.call(customer, 'GET', '/user/records?type=correction');
    expect(records.result.items).toEqual([
      expect.objectContaining({
        type: 'correction',
        memo: 'Refund of a duplicated fee',
        movements: [
          expect.objectContaining({ currency: 'USDT', available: '12.5', availableAfter: '112.5' }),
        ],
      }),
    ]);
    const notices = await server.call(customer, 'GET', '/user/notifications');
    expect(notices.result.items).toEqual([
      expect.objectContaining({
        kind: 'correction.posted',
        titleKey: 'notifications.correction.posted.title',
        params: { amount: '12.5', currency: 'USDT', mode: 'real', reason: 'Refund of a duplicated fee' },
        referenceType: 'correction',
        referenceId: id,
      }),
    ]);
    const platform = await server.as(financeA, 'GET', '/ledger/platformAccounts');
    expect(platform.result).toContainEqual({
      kind: 'platform_corrections',
      mode: 'real',
      currency: 'USDT',
      balance: '-12.5',
    });
    expect((await server.as(financeA, 'POST', `/corrections/${id}/approve`)).code).toBe('11043');
    await server.check();
  });

  it('posts once when two members approve at the same time', async () => {
    const third = await server.member(['finance']);
    const asked = await ask(financeA, { amount: '1' });
    const id = asked.result.id as string;
    const answers = await Promise.all([
      server.as(financeB, 'POST', `/corrections/${id}/approve`),
      server.as(third, 'POST', `/corrections/${id}/approve`),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['11043', '200']);
    expect(await server.balance(customer.userId)).toEqual({ available: '113.5', held: '0' });
  });

  it('refuses at approval a debit the balance no longer covers, and changes nothing', async () => {
    const asked = await ask(financeA, { amount: '-100' });
    const id = asked.result.id as string;
    const spend = await ask(financeB, { amount: '-50' });
    await server.as(financeA, 'POST', `/corrections/${spend.result.id}/approve`);
    expect(await server.as(financeB, 'POST', `/corrections/${id}/approve`)).toMatchObject({
      status: 422,
      code: '11181',
    });
    expect(await server.balance(customer.userId)).toEqual({ available: '63.5', held: '0' });
    const row = await server.as(financeB, 'GET', `/corrections?userId=${customer.userId}&status=pending`);
    expect(row.result.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('rejects with a reason (no money moves) and answers 11182 for an unknown request', async () => {
    const asked = await ask(financeA, { amount: '3' });
    const rejected = await server.as(financeB, 'POST', `/corrections/${asked.result.id}/reject`, {
      reason: 'Not supported by the statement',
    });
    expect(rejected.result).toMatchObject({
      status: 'rejected',
      rejectReason: 'Not supported by the statement',
    });
    expect(
      (await server.as(financeB, 'POST', `/corrections/${asked.result.id}/reject`, { reason: 'x' })).code,
    ).toBe('11043');
    expect((await server.as(financeB, 'POST', '/corrections/999999/approve')).code).toBe('11182');
    expect((await server.as(financeB, 'POST', `/corrections/${asked.result.id}/reject`, {})).code).toBe(
      '400',
    );
    expect(await server.balance(customer.userId)).toEqual({ available: '63.5', held: '0' });
  });
});
