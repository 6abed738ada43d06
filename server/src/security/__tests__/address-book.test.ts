import fc from 'fast-check';
import { auditLog } from '../../staff/tables';
import { staffMember } from '../../staff/__tests__/helpers';
import { captureMail, signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { advanceSecurityClock, customerCall, enableTotp, stepUpByEmail } from '../testing';
import { SECURITY_CODE_MINUTES } from '../codes';
import { propertyRuns } from '../../test/property-runs';

// The withdrawal address book (e-mailed confirmation, cooling-off, whitelist mode) and withdrawal locks,
// through the cashier's real withdrawal endpoints, on a moved security clock.
let server: CashierTestServer;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_BAD_CHECKSUM = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';
const TRON_2 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ETH = '0xd909038e5914b96875867923fa30ca41081994ac';

beforeAll(async () => {
  // Identity checks are another domain's: off here.
  server = await cashierServer({
    PARAM_DEFAULTS: '{"step_up_minutes":"60","kyc_required_for_withdrawal":"false"}',
  });
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const post = (who: { token: string }, url: string, payload?: object) =>
  customerCall(server, who.token, 'POST', url, payload);

/** A new customer (whitelist mode on, as every new account) with 1,000 real USDT. */
async function fundedCustomer(): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(server);
  await server.fund(customer.userId, 'USDT', '1000');
  return customer;
}

async function withdraw(who: SignedUpCustomer, address: string, amount = '10') {
  const body = { method: 'crypto', coin: 'USDT', network: 'TRC20', address, amount };
  const quote = await post(who, '/user/withdrawalQuote', body);
  if (quote.code !== '200') return quote;
  return post(who, '/user/withdrawal', { ...body, quoteId: quote.result.quoteId });
}

let labels = 0;

async function addAddress(who: SignedUpCustomer, address: string, network = 'TRC20', coin = 'USDT') {
  const mail = captureMail(server);
  // A label of its own each time: the same form again within 10 s is a repeated submission (30000).
  labels += 1;
  const label = `Cold wallet ${labels}`;
  const added = await post(who, '/user/security/addresses', { label, coin, network, address });
  const entry = added.result?.addresses.find((a: { address: string }) => a.address === address);
  return { added, entry, code: () => mail.codeFor(who.email), mail };
}

it('sends withdrawals only to confirmed addresses past their cooling-off period', async () => {
  const alice = await fundedCustomer();
  await stepUpByEmail(server, alice);
  expect((await withdraw(alice, TRON)).code).toBe('11212');

  expect((await addAddress(alice, TRON_BAD_CHECKSUM)).added.code).toBe('11084');
  expect((await addAddress(alice, ETH)).added.code).toBe('11084');
  const { added, entry, code, mail } = await addAddress(alice, TRON);
  expect(added.code).toBe('200');
  expect(entry).toMatchObject({
    label: expect.stringMatching(/^Cold wallet/),
    status: 'pending',
    usableFrom: null,
  });
  // The mail names the address, so the customer can tell it is theirs.
  expect(mail.sent.at(-1)?.text).toContain(TRON);
  expect((await addAddress(alice, TRON)).added.code).toBe('11213');
  expect((await withdraw(alice, TRON)).code).toBe('11212');

  expect((await post(alice, '/user/security/addresses/confirm', { id: entry.id, code: '000000' })).code).toBe(
    '10091',
  );
  const confirmed = await post(alice, '/user/security/addresses/confirm', { id: entry.id, code: code() });
  const [shown] = confirmed.result.addresses;
  expect(shown.status).toBe('coolingOff');
  const wait = Date.parse(shown.usableFrom) - server.services.security.clock.now().getTime();
  expect(wait).toBeGreaterThan(24 * 3_600_000 - 60_000);
  expect((await withdraw(alice, TRON)).code).toBe('11212');

  advanceSecurityClock(server, 24 * 3_600_000 + 1000);
  await stepUpByEmail(server, alice);
  expect((await withdraw(alice, TRON)).code).toBe('200');
  expect((await withdraw(alice, TRON_2)).code).toBe('11212');

  await post(alice, '/user/security/addresses/remove', { id: entry.id });
  expect((await withdraw(alice, TRON)).code).toBe('11212');
});

it('needs a step-up to add an address, to turn whitelist mode off, and to withdraw', async () => {
  const bob = await fundedCustomer();
  expect(
    (
      await post(bob, '/user/security/addresses', {
        label: 'x',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON,
      })
    ).code,
  ).toBe('11200');
  expect((await post(bob, '/user/security/whitelist', { enabled: false })).code).toBe('11200');
  expect(
    (
      await post(bob, '/user/withdrawal', {
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON,
        amount: '1',
        quoteId: 'a'.repeat(32),
      })
    ).code,
  ).toBe('11200');
  await stepUpByEmail(server, bob);
  const off = await post(bob, '/user/security/whitelist', { enabled: false });
  expect(off.result.whitelistMode).toBe(false);
  expect((await withdraw(bob, TRON_2)).code).toBe('200');
  // Turning it back on needs nothing: it only protects.
  expect((await post(bob, '/user/security/whitelist', { enabled: true })).result.whitelistMode).toBe(true);
  expect((await withdraw(bob, TRON_2)).code).toBe('11212');
});

it('locks withdrawals after a password change until the period ends', async () => {
  const carol = await fundedCustomer();
  await stepUpByEmail(server, carol);
  await post(carol, '/user/security/whitelist', { enabled: false });
  const changed = await post(carol, '/user/repassword', {
    oldPassword: carol.password,
    password: 'Brand-new-Puffin-71',
    confirmPassword: 'Brand-new-Puffin-71',
  });
  expect(changed.code).toBe('200');
  const refused = await withdraw(carol, TRON);
  expect(refused.code).toBe('11211');
  expect(refused.status).toBe(403);
  const book = await customerCall(server, carol.token, 'GET', '/user/security/addresses');
  expect(book.result.lock).toMatchObject({ reason: 'passwordChange' });
  advanceSecurityClock(server, 24 * 3_600_000 + 1000);
  await stepUpByEmail(server, carol);
  expect((await withdraw(carol, TRON)).code).toBe('200');
});

it('pays nothing out while a lock is in force: "this was not me" after a request stops its payout', async () => {
  const dave = await fundedCustomer();
  await stepUpByEmail(server, dave);
  await post(dave, '/user/security/whitelist', { enabled: false });
  const made = await withdraw(dave, TRON, '20');
  expect(made.code).toBe('200');
  const notMe = await post(dave, '/user/security/notMe');
  expect(notMe.code).toBe('200');
  // Every session ended, this one too.
  expect((await customerCall(server, dave.token, 'GET', '/user/security')).code).toBe('401');
  const approved = await server.admin('POST', `/reviews/withdrawal/${made.result.id}/approve`, {});
  expect(approved.code).toBe('11211');
});

it('lets staff lift a lock only with a second member and a reason, audited', async () => {
  const erin = await fundedCustomer();
  await stepUpByEmail(server, erin);
  await post(erin, '/user/security/notMe');
  const first = await staffMember(server, 'sec_first', ['reviewer']);
  const second = await staffMember(server, 'sec_second', ['reviewer']);
  const staffCall = (token: string, url: string, payload?: object) =>
    server.app
      .inject({
        method: payload ? 'POST' : 'GET',
        url: `/swx/admin${url}`,
        headers: { authorization: token },
        ...(payload ? { payload } : {}),
      })
      .then((res) => res.json());

  expect(
    (
      await staffCall(first.token, `/customers/${erin.userId}/security/requests`, {
        action: 'liftLock',
        reason: '',
      })
    ).code,
  ).toBe('400');
  const asked = await staffCall(first.token, `/customers/${erin.userId}/security/requests`, {
    action: 'liftLock',
    reason: 'Customer called from the registered phone and confirmed the sign-in was theirs',
  });
  expect(asked.result).toMatchObject({ status: 'pending', requestedBy: 'sec_first' });
  expect((await staffCall(first.token, `/security/requests/${asked.result.id}/approve`, {})).code).toBe(
    '11171',
  );
  const before = await staffCall(first.token, `/customers/${erin.userId}/security`);
  expect(before.result.lock).toMatchObject({ reason: 'notMe' });
  const approved = await staffCall(second.token, `/security/requests/${asked.result.id}/approve`, {});
  expect(approved.result).toMatchObject({ status: 'approved', decidedBy: 'sec_second' });
  expect((await staffCall(second.token, `/customers/${erin.userId}/security`)).result.lock).toBeNull();
  expect((await staffCall(second.token, `/security/requests/${asked.result.id}/approve`, {})).code).toBe(
    '11043',
  );
  // One approval besides the request: the approval is the decision, audited as the action by its approver
  // (`four_eyes.approve` is written only for subjects that need several, since issue 26).
  const audit = await server.database.db.select().from(auditLog);
  expect(audit.map((row) => row.action)).toEqual(
    expect.arrayContaining(['customer_security.request', 'customer_security.liftLock']),
  );
  const lifted = audit.find((row) => row.action === 'customer_security.liftLock')!;
  expect(String(lifted.staffId)).toBe((await server.services.staff.findByUsername('sec_second'))!.staffId);
});

it('lets staff reset lost factors with four eyes; the reset locks withdrawals', async () => {
  const fay = await fundedCustomer();
  await enableTotp(server, fay.token);
  const first = await staffMember(server, 'sec_third', ['admin']);
  const second = await staffMember(server, 'sec_fourth', ['reviewer']);
  const call = (token: string, url: string, payload?: object) =>
    server.app
      .inject({
        method: payload ? 'POST' : 'GET',
        url: `/swx/admin${url}`,
        headers: { authorization: token },
        ...(payload ? { payload } : {}),
      })
      .then((res) => res.json());
  const asked = await call(first.token, `/customers/${fay.userId}/security/requests`, {
    action: 'resetFactors',
    reason: 'Lost phone; identity checked against the KYC documents on a video call',
  });
  await call(second.token, `/security/requests/${asked.result.id}/approve`, {});
  const after = await call(second.token, `/customers/${fay.userId}/security`);
  expect(after.result).toMatchObject({ twoFactor: false, passkeys: 0, lock: { reason: 'twoFactorReset' } });
  const signedIn = await post({ token: '' }, '/login/login', {
    account: fay.username,
    password: fay.password,
  });
  expect(signedIn.result.token).toBeDefined();
});

it('never lets a withdrawal leave to an address that was not usable at that moment (property)', async () => {
  const addresses = [TRON, TRON_2];
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant('add' as const), at: fc.integer({ min: 0, max: 1 }) }),
          fc.record({ kind: fc.constant('confirm' as const), at: fc.integer({ min: 0, max: 1 }) }),
          fc.record({ kind: fc.constant('remove' as const), at: fc.integer({ min: 0, max: 1 }) }),
          fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
          fc.record({ kind: fc.constant('withdraw' as const), at: fc.integer({ min: 0, max: 1 }) }),
        ),
        { minLength: 3, maxLength: 10 },
      ),
      async (steps) => {
        const who = await fundedCustomer();
        // The model: per address, the entry id, its pending code and when it was sent, and from when it is usable.
        const book = new Map<
          number,
          { id: string; code: string | null; codeAt: number; usableFrom: number | null }
        >();
        for (const step of steps) {
          const now = () => server.services.security.clock.now().getTime();
          await stepUpByEmail(server, who);
          if (step.kind === 'add' && !book.has(step.at)) {
            const { added, entry, code } = await addAddress(who, addresses[step.at]!);
            expect(added.code).toBe('200');
            book.set(step.at, { id: entry.id, code: code(), codeAt: now(), usableFrom: null });
          } else if (step.kind === 'confirm' && book.get(step.at)?.code) {
            const entry = book.get(step.at)!;
            const answer = await post(who, '/user/security/addresses/confirm', {
              id: entry.id,
              code: entry.code,
            });
            // A code older than its lifetime is refused and the address stays unconfirmed.
            if (now() - entry.codeAt >= SECURITY_CODE_MINUTES * 60_000) {
              expect(answer.code).toBe('11001');
              continue;
            }
            expect(answer.code).toBe('200');
            entry.code = null;
            entry.usableFrom = now() + 24 * 3_600_000;
          } else if (step.kind === 'remove' && book.has(step.at)) {
            await post(who, '/user/security/addresses/remove', { id: book.get(step.at)!.id });
            book.delete(step.at);
          } else if (step.kind === 'wait') {
            advanceSecurityClock(server, step.hours * 3_600_000);
          } else if (step.kind === 'withdraw') {
            const entry = book.get(step.at);
            const usable = entry?.usableFrom != null && entry.usableFrom <= now();
            const answer = await withdraw(who, addresses[step.at]!, '1');
            expect(answer.code).toBe(usable ? '200' : '11212');
          }
        }
      },
    ),
    { numRuns: propertyRuns(12) },
  );
}, 300_000);
