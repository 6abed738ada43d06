import fc from 'fast-check';
import Decimal from 'decimal.js';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import type { AccountMode } from '@swx/shared/contract';
import { maskName } from '../service';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let friend: SignedUpCustomer;
let loner: SignedUpCustomer;

beforeAll(async () => {
  server = await cashierServer({ PUBLIC_URL: 'https://swx.example' });
  alice = await server.customer({ username: 'alice_inviter' });
  friend = await server.customer({ inviteCode: alice.inviteCode, username: 'bobfriend' });
  loner = await server.customer();
  await server.fund(friend.userId, 'USDT', '1000');
  await server.fund(loner.userId, 'USDT', '1000');
});
afterEach(async () => server.check());
afterAll(async () => server.close());

/** Charges a trading fee the way the trading engine does, and pays the invite reward in the same transaction. */
async function chargeFee(
  who: SignedUpCustomer,
  fee: string,
  id: string,
  mode: AccountMode = 'real',
  occasion?: string,
) {
  return server.database.db.transaction(async (tx) => {
    await server.services.ledger.transfer(tx, {
      type: 'trade_fee',
      reference: { type: 'position', id },
      legs: [
        { account: customerAccount(who.userId, mode, 'USDT'), amount: `-${fee}` },
        { account: platformAccount('platform_fees', 'USDT', mode), amount: fee },
      ],
    });
    return server.services.invites.rewardForFee(tx, {
      friendUserId: who.userId,
      mode,
      currency: 'USDT',
      fee,
      reference: { type: 'position', id },
      ...(occasion ? { occasion } : {}),
    });
  });
}

describe('invite page', () => {
  it('gives the code, the registration link, its QR code and the masked friends', async () => {
    const res = await server.call(alice, 'GET', '/user/invite');
    expect(res.code).toBe('200');
    expect(res.result.inviteCode).toBe(alice.inviteCode);
    expect(res.result.link).toBe(
      `https://swx.example/pass/register?invite=${encodeURIComponent(alice.inviteCode)}`,
    );
    expect(res.result.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(res.result.friends).toEqual([{ maskedName: 'bo***d', joinedAt: expect.any(String) }]);
    expect(res.result.totals).toEqual({ friends: 1, rewards: {} });
    expect(res.result.rewardRate).toBe('0.1');
    const lonely = await server.call(loner, 'GET', '/user/invite');
    expect(lonely.result.friends).toEqual([]);
  });

  it('masks names without revealing them', () => {
    expect(maskName('alice')).toBe('al***e');
    expect(maskName('bob')).toBe('b***b');
    expect(maskName('x')).toBe('x***');
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 30 }), (name) => {
        const masked = maskName(name);
        expect(masked).toContain('***');
        expect([...masked].length).toBe(6);
      }),
    );
  });
});

describe('rewards', () => {
  it('pays 10 % of a friend’s real trading fee from the fees account to the inviter', async () => {
    const before = await server.balance(alice.userId);
    const feesBefore = await server.services.ledger.platformBalance('platform_fees', 'USDT');
    const paid = await chargeFee(friend, '2.5', '1');
    expect(paid).toMatchObject({ inviterUserId: alice.userId, amount: '0.25' });
    const after = await server.balance(alice.userId);
    expect(new Decimal(after.available).minus(before.available).toFixed()).toBe('0.25');
    const fees = await server.services.ledger.platformBalance('platform_fees', 'USDT');
    expect(new Decimal(fees).minus(feesBefore).toFixed()).toBe('2.25');
    const page = await server.call(alice, 'GET', '/user/invite');
    expect(page.result.totals.rewards).toEqual({ USDT: '0.25' });
    const records = await server.call(alice, 'GET', '/user/records?type=invite_reward');
    expect(records.result.items[0]).toMatchObject({
      movements: [{ currency: 'USDT', available: '0.25', net: '0.25' }],
      referenceType: 'position',
      referenceId: '1',
    });
  });

  it('pays once per fee: the same reference and occasion again pays nothing, another occasion pays', async () => {
    expect(await chargeFee(friend, '1', '2', 'real', 'open')).not.toBeNull();
    expect(await chargeFee(friend, '1', '2', 'real', 'open')).toBeNull();
    expect(await chargeFee(friend, '1', '2', 'real', 'close')).toMatchObject({ amount: '0.1' });
  });

  it('pays nothing on demo fees, for customers without an inviter, or when it rounds to zero', async () => {
    const before = await server.balance(alice.userId);
    expect(await chargeFee(friend, '5', '3', 'demo')).toBeNull();
    expect(await chargeFee(loner, '5', '4')).toBeNull();
    expect(await chargeFee(friend, '0.09', '5')).toBeNull();
    expect(await server.balance(alice.userId)).toEqual(before);
  });

  it('rounds rewards down to the ledger precision of the currency for any fee (USDT cents, BTC 10⁻⁸)', async () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^(0|[1-9][0-9]{0,6})\.[0-9]{1,12}$/),
        fc.constantFrom(['USDT', 2], ['BTC', 8]),
        (fee, [currency, places]) => {
          const reward = server.services.invites.rewardOn(fee, currency as string);
          const exact = new Decimal(fee).times('0.1');
          expect(reward.lte(exact)).toBe(true);
          expect(exact.minus(reward).lt(new Decimal(10).pow(-(places as number)))).toBe(true);
          expect(reward.decimalPlaces()).toBeLessThanOrEqual(places as number);
        },
      ),
    );
  });
});
