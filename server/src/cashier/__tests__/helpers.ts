import crypto from 'node:crypto';
import type { TestServer } from '../../test/harness';
import { createStaffTestServer, staffMember, staffToken } from '../../staff/__tests__/helpers';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { allowAnyWithdrawal } from '../../security/testing';
import { customerAccount, platformAccount } from '../../ledger/accounts';

/** A 1×1 PNG: a valid proof image. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Response results are read loosely in tests; the contract types are checked by the server's own schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface CashierTestServer extends TestServer {
  /** The review desk (reviewer, finance and content). */
  staff: string;
  /** The start-up admin (admin only): the audit log, settings. */
  chief: string;
  events: { userId: string; event: Record<string, unknown> }[];
  /** A signed-up customer whose requests go to the real account set. */
  customer(options?: { inviteCode?: string; username?: string }): Promise<SignedUpCustomer>;
  call(
    who: SignedUpCustomer | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    mode?: 'YES' | 'NO',
  ): Promise<{ status: number; code: string; message: string; result: Loose; body: string }>;
  /** A call as the review desk. */
  admin(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; code: string; result: Loose }>;
  /** A call as the start-up admin. */
  asAdmin(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; code: string; result: Loose }>;
  /** An upload of the 1×1 PNG: a general one (a deposit proof) or an identity photo. */
  upload(who: SignedUpCustomer, purpose?: 'general' | 'identity'): Promise<string>;
  /** Credits real funds straight through the ledger (a test shortcut for an approved deposit). */
  fund(userId: string, currency: string, amount: string): Promise<void>;
  balance(userId: string, currency?: string): Promise<{ available: string; held: string }>;
  check(): Promise<void>;
}

export function hex64(): string {
  return crypto.randomBytes(32).toString('hex');
}

export async function cashierServer(env: Record<string, string> = {}): Promise<CashierTestServer> {
  // A step-up proof lasts an hour here, so a customer stepped up once withdraws for the whole test file.
  const server = await createStaffTestServer({ PARAM_DEFAULTS: '{"step_up_minutes":"60"}', ...env });
  // The review desk: deposits, identity checks and loans (reviewer), withdrawals (finance) and NFT listings
  // (content). Nobody holds admin with finance: the start-up admin is a separate member (`chief`).
  const staff = (await staffMember(server, 'desk', ['reviewer', 'finance', 'content'])).token;
  const chief = await staffToken(server);
  const events: CashierTestServer['events'] = [];
  const live = server.services.live;
  const original = live.publishAccountEvent.bind(live);
  live.publishAccountEvent = (userId, event) => {
    events.push({ userId, event });
    original(userId, event);
  };
  const call: CashierTestServer['call'] = async (who, method, url, payload, mode = 'YES') => {
    const res = await server.app.inject({
      method,
      url: `/swx/customer${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(who ? { authorization: who.token } : {}), virtually: mode },
    });
    const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : {};
    return {
      status: res.statusCode,
      code: body.code,
      message: body.message,
      result: body.result,
      body: res.body,
    };
  };
  const staffCall = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await server.app.inject({
      method,
      url: `/swx/admin${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: token },
    });
    const body = res.json();
    return { status: res.statusCode, code: body.code, result: body.result };
  };
  return Object.assign(server, {
    staff,
    chief,
    events,
    // Cashier tests are about the cashier: their customers are stepped up with whitelist mode off (the
    // address book and its cooling-off are security/__tests__/address-book.test.ts's).
    customer: async (options: { inviteCode?: string; username?: string } = {}) => {
      const customer = await signUpCustomer(server, options);
      await allowAnyWithdrawal(server, customer);
      return customer;
    },
    call,
    admin: (method: 'GET' | 'POST', url: string, payload?: unknown) => staffCall(staff, method, url, payload),
    asAdmin: (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      staffCall(chief, method, url, payload),
    async upload(who: SignedUpCustomer, purpose: 'general' | 'identity' = 'general') {
      const boundary = `----swx${crypto.randomBytes(8).toString('hex')}`;
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\n` +
        'Content-Type: image/png\r\n\r\n';
      const res = await server.app.inject({
        method: 'POST',
        url: purpose === 'identity' ? '/swx/customer/upload/identity' : '/swx/customer/upload/image',
        payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: who.token },
      });
      if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
      return res.json().result.id as string;
    },
    async fund(userId: string, currency: string, amount: string) {
      await server.database.db.transaction((tx) =>
        server.services.ledger.transfer(tx, {
          type: 'deposit',
          reference: { type: 'test', id: userId },
          legs: [
            { account: platformAccount('platform_external_custody', currency, 'real'), amount: `-${amount}` },
            { account: customerAccount(userId, 'real', currency), amount },
          ],
        }),
      );
    },
    async balance(userId: string, currency = 'USDT') {
      const all = await server.services.ledger.balances(userId, 'real');
      return all[currency] ?? { available: '0', held: '0' };
    },
    async check() {
      const result = await server.services.ledger.check();
      if (!result.ok) throw new Error(`ledger check failed: ${result.problems.join('; ')}`);
    },
  });
}
