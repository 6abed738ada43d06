import pino from 'pino';
import Decimal from 'decimal.js';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createServices } from '../../services';
import { buildApp } from '../../app';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import { allowAnyWithdrawal } from '../../security/testing';
import { cashierWithdrawals } from '../tables';
import { crashDatabase, sourceServer } from '../../test/crash';

/**
 * SIGKILL the real server (src/main.ts, from source, in a child process) while withdrawals with
 * Idempotency-Keys flow, start it again on the same PostgreSQL database, and prove: every acknowledged
 * withdrawal exists; every unacknowledged one happened entirely or not at all (the ledger checks clean and
 * every hold matches a withdrawal); a retry with the same key executes exactly once and answers the original
 * result. PostgreSQL only: PGlite is one process's database and is not what a crash of a server cluster risks.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
jest.setTimeout(300_000);

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FUNDED = '1000';

interface Sent {
  key: string;
  who: SignedUpCustomer;
  form: Record<string, string>;
  /** The envelope the client received before the crash, if any. */
  answer?: { code: string; message: string; result: { id: string } };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

onPostgres('withdrawals across a SIGKILL', () => {
  let database: Awaited<ReturnType<typeof crashDatabase>>;
  let customers: SignedUpCustomer[];
  const env: Record<string, string> = {};

  beforeAll(async () => {
    database = await crashDatabase();
    Object.assign(env, database.env, { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1' });
    customers = await seedCustomers(env);
  });
  afterAll(async () => database?.cleanup());

  it('acknowledged ⇒ exists, unacknowledged ⇒ all or nothing, a retry ⇒ once with the original answer', async () => {
    const { base, start } = await sourceServer(env);
    const first = await start();

    const sent: Sent[] = [];
    let stop = false;
    const worker = async (who: SignedUpCustomer, lane: number) => {
      for (let i = 0; !stop; i++) {
        const quote = await call(base, who, '/user/withdrawalQuote', {
          method: 'crypto',
          coin: 'USDT',
          network: 'TRC20',
          amount: '1',
        }).catch(() => undefined);
        if (!quote || quote.code !== '200') return;
        const entry: Sent = {
          key: `wd-${who.userId}-${lane}-${i}`,
          who,
          form: { method: 'crypto', coin: 'USDT', network: 'TRC20', address: TRON, amount: '1' },
        };
        entry.form.quoteId = quote.result.quoteId;
        sent.push(entry);
        const answer = await call(base, who, '/user/withdrawal', entry.form, entry.key).catch(
          () => undefined,
        );
        if (!answer) return; // the server died with this request in flight
        expect(answer.code).toBe('200');
        entry.answer = answer;
      }
    };
    const load = customers.flatMap((who) => [0, 1, 2].map((lane) => worker(who, lane)));
    while (sent.filter((s) => s.answer).length < 60) await new Promise((r) => setTimeout(r, 20));
    await first.kill();
    stop = true;
    await Promise.all(load);
    const acknowledged = sent.filter((s) => s.answer);
    const unacknowledged = sent.filter((s) => !s.answer);

    const second = await start();
    try {
      // A claim of a request cut before its commit holds for its lease: retry, as a client would, until it
      // is accepted; a committed one answers at once with what the client was (or would have been) told.
      const retried = new Map<string, Json>();
      for (const entry of sent) retried.set(entry.key, await retryUntilAccepted(base, entry));
      for (const entry of acknowledged) expect(retried.get(entry.key)).toEqual(entry.answer);
      // And again: every key now answers its first result, never a second execution.
      for (const entry of sent) {
        const again = await call(base, entry.who, '/user/withdrawal', entry.form, entry.key);
        expect(again).toEqual(retried.get(entry.key));
      }
    } finally {
      await second.kill();
    }

    // A staff account, so the KYC gate can be turned off below (a parameter change is audited under a staff id).
    const config = loadConfig({ ...env, ADMIN_USERNAME: 'crash_chief', ADMIN_PASSWORD: 'Crash-test-2026' });
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const services = await createServices(config, db, pino({ level: 'silent' }));
      const rows = await db.db.select().from(cashierWithdrawals);
      // Acknowledged ⇒ exists; each key executed exactly once (its quote is used by one withdrawal).
      const byQuote = new Map(rows.map((row) => [row.quoteId, row]));
      expect(rows).toHaveLength(sent.length);
      for (const entry of sent) expect(byQuote.has(entry.form.quoteId!)).toBe(true);
      for (const entry of acknowledged)
        expect(String(byQuote.get(entry.form.quoteId!)!.id)).toBe(entry.answer!.result.id);
      // All or nothing: the ledger is consistent and each customer's held funds are exactly their pending
      // withdrawals' amount plus fee.
      expect(await services.ledger.check()).toEqual({ ok: true, problems: [] });
      for (const who of customers) {
        const mine = rows.filter((row) => String(row.userId) === who.userId);
        const held = mine.reduce((sum, row) => sum.plus(row.amount).plus(row.fee), new Decimal(0));
        const balance = (await services.ledger.balances(who.userId, 'real')).USDT!;
        expect(new Decimal(balance.held).eq(held)).toBe(true);
        expect(new Decimal(balance.available).plus(balance.held).eq(FUNDED)).toBe(true);
      }
      // The kill cut requests in flight: the all-or-nothing and lease paths above were exercised.
      expect(unacknowledged.length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});

/** Signs up three customers through the real endpoints and funds each with real USDT, then closes. */
async function seedCustomers(env: Record<string, string>): Promise<SignedUpCustomer[]> {
  // A staff account, so the KYC gate can be turned off below (a parameter change is audited under a staff id).
  const config = loadConfig({ ...env, ADMIN_USERNAME: 'crash_chief', ADMIN_PASSWORD: 'Crash-test-2026' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = await createServices(config, database, pino({ level: 'silent' }));
    const app = await buildApp(services);
    await app.ready();
    // This test is about crash safety, not identity: withdrawals without KYC, explicitly.
    await services.params.set('kyc_required_for_withdrawal', 'false', { staffId: '1', reason: 'crash test' });
    // Nor about step-up and the address book: an hour's step-up, whitelist mode off.
    await services.params.set('step_up_minutes', '60', { staffId: '1', reason: 'crash test' });
    const customers: SignedUpCustomer[] = [];
    for (let i = 0; i < 3; i++) customers.push(await signUpCustomer({ app, services }));
    for (const who of customers) await allowAnyWithdrawal({ app, services }, who);
    for (const who of customers) {
      await database.db.transaction((tx) =>
        services.ledger.transfer(tx, {
          type: 'deposit',
          reference: { type: 'test', id: who.userId },
          legs: [
            { account: platformAccount('platform_external_custody', 'USDT', 'real'), amount: `-${FUNDED}` },
            { account: customerAccount(who.userId, 'real', 'USDT'), amount: FUNDED },
          ],
        }),
      );
    }
    await app.close();
    return customers;
  } finally {
    await database.close();
  }
}

async function call(
  base: string,
  who: SignedUpCustomer,
  url: string,
  body: object,
  idempotencyKey?: string,
): Promise<Json> {
  return (await send(base, who, url, body, idempotencyKey)).body;
}

/** The answer's envelope and its `Retry-After` header (seconds), if any. */
async function send(
  base: string,
  who: SignedUpCustomer,
  url: string,
  body: object,
  idempotencyKey?: string,
): Promise<{ body: Json; retryAfter: string | null }> {
  const res = await fetch(`${base}/swx/customer${url}`, {
    method: 'POST',
    headers: {
      authorization: who.token,
      virtually: 'YES',
      'content-type': 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  return { body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

async function retryUntilAccepted(base: string, entry: Sent): Promise<Json> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { body: answer, retryAfter } = await send(
      base,
      entry.who,
      '/user/withdrawal',
      entry.form,
      entry.key,
    );
    // Never 30000: the original died with the killed server. 11190 while its claim's lease runs, saying how long.
    expect(answer.code).not.toBe('30000');
    if (answer.code !== '11190' || Date.now() > deadline) {
      expect(answer.code).toBe('200');
      return answer;
    }
    expect(Number(retryAfter)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number(retryAfter), 5) * 1_000));
  }
}
