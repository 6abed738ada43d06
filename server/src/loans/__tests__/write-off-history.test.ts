import type { SignedUpCustomer } from '../../auth/testing';
import { staffMember } from '../../staff/__tests__/helpers';
import { DAY, loansServer, type LoansTestServer } from './helpers';

/**
 * The back office's list of past write-offs (issue 28): approved write-offs only, newest decision first, a
 * page at a time, each with its loan, customer, what was given up (decimal strings), the two members who
 * decided it and the ledger entry that posted it. Finance and admins read it; the role is checked before the
 * query, and a page out of range answers the catalogue's `400`, never a 500.
 */
let server: LoansTestServer;
let financeA: { staffId: string; token: string };
let financeB: { staffId: string; token: string };

const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
/** Three and a half days after the 7-day loans' due date (2026-11-30) ended. */
const LATER = Date.UTC(2026, 11, 1, 0, 0, 0) + 3.5 * DAY;

const list = (query = '', token = financeA.token) => server.as(token, 'GET', `/loans/writeOffs${query}`);

/** A borrower whose 7-day loan of `amount` went unpaid: the money spent, nothing to collect at maturity. */
async function overdueLoan(amount: string): Promise<{ who: SignedUpCustomer; loanId: string }> {
  const who = await server.borrower();
  server.at(T0);
  const loanId = (await server.sign(who, amount, 7)).id as string;
  await server.approve(loanId);
  await server.database.db.transaction((tx) =>
    server.services.ledger.transfer(tx, {
      type: 'correction',
      memo: 'spent elsewhere',
      legs: [
        {
          account: { userId: who.userId, mode: 'real', kind: 'customer_available', currency: 'USDT' },
          amount: `-${amount}`,
        },
        { account: { platform: 'platform_corrections', mode: 'real', currency: 'USDT' }, amount },
      ],
    }),
  );
  return { who, loanId };
}

async function writeOff(loanId: string, at: number, reason: string) {
  server.at(at);
  const asked = await server.as(financeA.token, 'POST', `/loans/${loanId}/writeOff`, { reason });
  expect(asked.code).toBe('200');
  const approved = await server.as(financeB.token, 'POST', `/loans/${loanId}/writeOff/approve`);
  expect(approved.code).toBe('200');
  return approved.result;
}

let first: { who: SignedUpCustomer; loanId: string };
let second: { who: SignedUpCustomer; loanId: string };
let third: { who: SignedUpCustomer; loanId: string };

beforeAll(async () => {
  server = await loansServer();
  [financeA, financeB] = [await server.finance('hista'), await server.finance('histb')];
  first = await overdueLoan('200');
  second = await overdueLoan('300');
  third = await overdueLoan('150');
  server.at(LATER);
  await server.services.loans.days.processDue(LATER);
});
afterEach(async () => server.check());
afterAll(async () => server.close());

describe('past write-offs', () => {
  it('is empty before any write-off is approved, and leaves out requests still waiting or rejected', async () => {
    expect((await list()).result).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    server.at(LATER);
    await server.as(financeA.token, 'POST', `/loans/${third.loanId}/writeOff`, { reason: 'Unreachable' });
    expect((await list()).result).toMatchObject({ items: [], total: 0 });
    await server.as(financeB.token, 'POST', `/loans/${third.loanId}/writeOff/reject`, {
      reason: 'Keep collecting',
    });
    expect((await list()).result).toMatchObject({ items: [], total: 0 });
  });

  it('lists approved write-offs newest first with what was given up, who decided and the ledger entry', async () => {
    const older = await writeOff(first.loanId, LATER, 'Borrower unreachable for 90 days');
    const newer = await writeOff(second.loanId, LATER + 3_600_000, 'Insolvency proceedings opened');
    const answer = (await list()).result;
    expect(answer).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(answer.items).toEqual([
      {
        loanId: second.loanId,
        customer: { userId: second.who.userId, username: second.who.username, email: second.who.email },
        amount: '300',
        principal: '300',
        interest: newer.interest,
        reason: 'Insolvency proceedings opened',
        requestedBy: financeA.staffId,
        requestedByUsername: 'hista',
        requestedAt: new Date(LATER + 3_600_000).toISOString(),
        approvedBy: financeB.staffId,
        approvedByUsername: 'histb',
        approvedAt: new Date(LATER + 3_600_000).toISOString(),
        journalId: newer.journalId,
      },
      expect.objectContaining({
        loanId: first.loanId,
        amount: '200',
        principal: '200',
        interest: older.interest,
        approvedAt: new Date(LATER).toISOString(),
        journalId: older.journalId,
      }),
    ]);
    // Decimal strings as the ledger posted them, never floats.
    for (const item of answer.items) {
      expect(item.interest).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/);
      expect(Number(item.interest)).toBeGreaterThan(0);
    }
    expect(answer.items[0].journalId).toEqual(expect.any(String));
  });

  it('pages: one item a page, the second page holds the older write-off, past the end is empty', async () => {
    const page1 = (await list('?page=1&pageSize=1')).result;
    const page2 = (await list('?page=2&pageSize=1')).result;
    const page3 = (await list('?page=3&pageSize=1')).result;
    expect(page1).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ loanId: second.loanId }] });
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ loanId: first.loanId }] });
    expect(page3).toMatchObject({ total: 2, page: 3, items: [] });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'page=100001',
    'page=9999999999999999999',
    'pageSize=0',
    'pageSize=101',
    'pageSize=1e400',
    'pageSize=',
  ])('answers the catalogue code 400 to ?%s and never a 500', async (query) => {
    const answer = await list(`?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('400');
  });

  it('is for finance and admins: checked before the query, so a bad page gets 403 or 401 first', async () => {
    const reviewer = await staffMember(server, 'histreviewer', ['reviewer']);
    expect((await list('?page=0', reviewer.token)).status).toBe(403);
    const admin = await staffMember(server, 'histadmin', ['admin']);
    expect((await list('', admin.token)).result).toMatchObject({ total: 2 });
    const customer = await server.customer();
    expect((await list('?page=0', customer.token)).status).toBe(401);
    const anonymous = await server.app.inject({ method: 'GET', url: '/swx/admin/loans/writeOffs?page=0' });
    expect(anonymous.statusCode).toBe(401);
  });
});
