import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { reviewItemSchemas } from '@swx/shared/contract';
import type { SignedUpCustomer } from '../../auth/testing';
import { hex64 } from '../../cashier/__tests__/helpers';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import { identityBody } from '../../kyc/__tests__/helpers';
import { loansServer, type LoansTestServer } from '../../loans/__tests__/helpers';

/**
 * The review queues answer what staff need to decide without further calls: the customer, amounts as
 * decimal strings, the queue age, the kind's own facts and the customer's history, plus the claim and the
 * approvals so far. Each kind's items are checked against its contract shape (`staff-reviews.ts`).
 */
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));

let server: LoansTestServer;
let borrower: SignedUpCustomer;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

beforeAll(async () => {
  server = await loansServer();
  borrower = await server.borrower();
});
afterAll(async () => server.close());

async function queue(kind: keyof typeof reviewItemSchemas) {
  const list = await server.admin('GET', `/reviews?kind=${kind}`);
  expect(list.code).toBe('200');
  for (const item of list.result) {
    const problems = [...Value.Errors(reviewItemSchemas[kind], item)].map((e) => `${e.path}: ${e.message}`);
    expect({ kind, id: item.id, problems }).toEqual({ kind, id: item.id, problems: [] });
  }
  return list.result as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function deposit(who: SignedUpCustomer, amount: string): Promise<string> {
  const res = await server.call(who, 'POST', '/user/recharge', {
    coin: 'USDT',
    network: 'TRC20',
    amount,
    txHash: hex64(),
    proofImage: await server.upload(who),
  });
  if (res.code !== '200') throw new Error(`deposit failed: ${res.body}`);
  return res.result.id as string;
}

describe('review queues', () => {
  it('deposits: the customer, proof, hash, coin and network, age, and the customer’s other deposits', async () => {
    const earlier = await deposit(borrower, '150');
    expect((await server.admin('POST', `/reviews/deposit/${earlier}/approve`)).code).toBe('200');
    const id = await deposit(borrower, '250.5');
    const item = (await queue('deposit')).find((d) => d.id === id)!;
    expect(item).toMatchObject({
      customer: { userId: borrower.userId, username: borrower.username, email: borrower.email },
      coin: 'USDT',
      network: 'TRC20',
      amount: '250.5',
      proofImageUrl: `/swx/admin/uploads/${item.proofImage}`,
      claim: null,
      approvals: [],
      approvalsRequired: 1,
    });
    expect(item.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(item.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(item.recentDeposits.map((d: { id: string }) => d.id)).toContain(earlier);
    expect(item.recentDeposits.map((d: { id: string }) => d.id)).not.toContain(id);
    // The proof image opens with the URL given.
    const proof = await server.app.inject({
      method: 'GET',
      url: item.proofImageUrl,
      headers: { authorization: server.staff },
    });
    expect(proof.statusCode).toBe(200);
    await server.admin('POST', `/reviews/deposit/${id}/reject`, { reason: 'test' });
  });

  it('withdrawals: address, network, fee, amount received, USDT value, target, deposits and trades', async () => {
    await server.fund(borrower.userId, 'USDT', '1000');
    // A trading event on the customer's ledger (a test shortcut for a filled spot order).
    await server.database.db.transaction((tx) =>
      server.services.ledger.transfer(tx, {
        type: 'spot_trade',
        reference: { type: 'spot_order', id: '1' },
        legs: [
          { account: customerAccount(borrower.userId, 'real', 'USDT'), amount: '-10' },
          { account: platformAccount('platform_external_custody', 'USDT', 'real'), amount: '10' },
        ],
      }),
    );
    const q = await server.call(borrower, 'POST', '/user/withdrawalQuote', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      amount: '120',
    });
    const submitted = await server.call(borrower, 'POST', '/user/withdrawal', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON,
      amount: '120',
      quoteId: q.result.quoteId,
    });
    const item = (await queue('withdrawal')).find((w) => w.id === submitted.result.id)!;
    expect(item).toMatchObject({
      customer: { userId: borrower.userId, username: borrower.username },
      address: TRON,
      network: 'TRC20',
      amount: '120',
      fee: '1.2',
      amountReceived: '120',
      valueUsdt: '120',
      targetHours: 24,
      overdue: false,
      approvalsRequired: 1,
    });
    expect(item.recentDeposits.length).toBeGreaterThan(0);
    // Trades only: the deposits are listed apart.
    expect(item.recentTrades.map((t: { type: string }) => t.type)).toEqual(['spot_trade']);
    await server.admin('POST', `/reviews/withdrawal/${item.id}/reject`, { reason: 'test' });
  });

  it('identity checks: no personal data in the list, photo links for admin.kycImage, the field names to reject', async () => {
    const applicant = await server.customer();
    const body = await identityBody(server, applicant);
    expect((await server.call(applicant, 'POST', '/user/identification', body)).code).toBe('200');
    const item = (await queue('kyc')).find((k) => k.userId === applicant.userId)!;
    expect(item).toMatchObject({
      customer: { userId: applicant.userId, username: applicant.username },
      documentType: 'id_card',
      hasSignature: true,
    });
    // The entered data is read one record at a time, audited (admin.kycIdentity).
    for (const field of [
      'firstName',
      'lastName',
      'birthdate',
      'documentNumber',
      'address',
      'phone',
      'signature',
    ])
      expect(item).not.toHaveProperty(field);
    expect(item.rejectableFields).toEqual(expect.arrayContaining(['firstName', 'frontImage', 'backImage']));
    const photo = await server.app.inject({
      method: 'GET',
      url: item.imageUrls.frontImage,
      headers: { authorization: server.staff },
    });
    expect(photo.statusCode).toBe(200);
    // Per-field rejection uses those names; the customer sees that field's reason.
    const rejected = await server.admin('POST', `/reviews/kyc/${item.id}/reject`, {
      reason: 'see the fields',
      fields: { backImage: 'unreadable' },
    });
    expect(rejected.code).toBe('200');
    const seen = await server.call(applicant, 'GET', '/user/identification');
    expect(seen.result.rejections).toEqual([{ field: 'backImage', reason: 'unreadable' }]);
  });

  it('loans: terms, contract link, the customer’s limit and loan history', async () => {
    const first = await server.sign(borrower, '500', 7);
    expect((await server.approve(first.id)).code).toBe('200');
    const pending = await server.sign(borrower, '300', 14);
    const item = (await queue('loan')).find((l) => l.id === pending.id)!;
    expect(item).toMatchObject({
      customer: { userId: borrower.userId, username: borrower.username },
      amount: '300',
      term: 14,
      contractUrl: `/swx/admin/loans/${pending.id}/contract`,
    });
    // The figures of the customer's own loan page, this application counted: one server figure, not two.
    const product = (await server.call(borrower, 'GET', '/user/loanProduct')).result;
    expect(item).toMatchObject({
      limit: product.customerLimit,
      outstanding: product.outstanding,
      limitLeft: product.limitLeft,
    });
    expect(product.outstanding).toBe('800');
    expect(Number(item.limit) - Number(item.outstanding)).toBe(Number(item.limitLeft));
    expect(item.loanHistory.map((l: { id: string }) => l.id)).toEqual([first.id]);
    const contract = await server.app.inject({
      method: 'GET',
      url: item.contractUrl,
      headers: { authorization: server.staff },
    });
    expect(contract.headers['content-type']).toContain('application/pdf');
  });
});
