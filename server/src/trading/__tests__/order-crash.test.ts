import pino from 'pino';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createServices } from '../../services';
import { buildApp } from '../../app';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { crashDatabase, sourceServer } from '../../test/crash';
import { tradingOptions, tradingPositions, tradingReceipts, tradingSpotOrders } from '../tables';

/**
 * SIGKILL the real server (src/main.ts, from source, in a child process) while market orders (margin and spot,
 * through the batched fills) and option purchases with Idempotency-Keys flow, start it again on the same
 * PostgreSQL database, and prove: every acknowledged order exists; every unacknowledged one happened entirely
 * or not at all (the ledger checks clean, every order has its opening receipt); a retry with the same key
 * executes exactly once and answers the original result. PostgreSQL only, like the withdrawal crash test.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
jest.setTimeout(400_000);

type Kind = 'margin' | 'spot' | 'option';

interface Sent {
  key: string;
  kind: Kind;
  who: SignedUpCustomer;
  form: Record<string, string | number>;
  /** The envelope the client received before the crash, if any. */
  answer?: Json;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const routes: Record<Kind, string> = {
  margin: '/order/buyU',
  spot: '/order/submit',
  option: '/order/buyOptions',
};

/** The n-th order's form: every form differs (the same form within 10 s would be refused as a repeat). */
function orderForm(kind: Kind, n: number): Record<string, string | number> {
  // On the crypto markets' size step (0.0001) and above their minimum notional (5 USDT at ETH's ~3,000).
  const small = (0.002 + n / 10_000).toFixed(4);
  if (kind === 'margin')
    return {
      code: 'BTCUSDT',
      direction: n % 2 ? 'long' : 'short',
      lots: small,
      leverage: 10,
      orderType: 'market',
    };
  if (kind === 'spot') return { code: 'ETHUSDT', side: 'buy', orderType: 'market', quantity: small };
  return { code: 'ETHUSDT', direction: n % 2 ? 'up' : 'down', amount: (10 + n / 100).toFixed(2), period: 60 };
}

onPostgres('orders across a SIGKILL', () => {
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
    let n = 0;
    const worker = async (who: SignedUpCustomer, lane: number) => {
      for (let i = 0; !stop; i++) {
        const number = ++n;
        const kind: Kind = (['margin', 'spot', 'option'] as const)[number % 3]!;
        const entry: Sent = {
          key: `ord-${who.userId}-${lane}-${i}`,
          kind,
          who,
          form: orderForm(kind, number),
        };
        sent.push(entry);
        const answer = await call(base, entry).catch(() => undefined);
        if (!answer) return; // the server died with this request in flight
        if (answer.code === '10015') {
          // No price yet (the feed is starting): nothing was placed; this key is simply not used again.
          sent.splice(sent.indexOf(entry), 1);
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        expect(answer).toMatchObject({ code: '200', message: '20004' });
        entry.answer = answer;
      }
    };
    // Enough concurrent requests that market orders share batches when the kill lands.
    // A refused order fails the test at once, instead of leaving the wait below to the test's time limit.
    let refused: unknown;
    const load = customers.flatMap((who) =>
      [0, 1, 2, 3].map((lane) =>
        worker(who, lane).catch((error: unknown) => {
          refused ??= error;
          stop = true;
        }),
      ),
    );
    while (!refused && sent.filter((s) => s.answer).length < 150) await new Promise((r) => setTimeout(r, 20));
    if (refused) {
      await first.kill();
      throw refused;
    }
    await first.kill();
    stop = true;
    await Promise.all(load);
    const acknowledged = sent.filter((s) => s.answer);
    const unacknowledged = sent.filter((s) => !s.answer);

    const second = await start();
    const retried = new Map<string, Json>();
    try {
      // A claim of a request cut before its commit holds for its lease: retry, as a client would, until it
      // is accepted; a committed one answers at once with what the client was (or would have been) told.
      for (const entry of sent) retried.set(entry.key, await retryUntilAccepted(base, entry));
      for (const entry of acknowledged) expect(retried.get(entry.key)).toEqual(entry.answer);
      // And again: every key now answers its first result, never a second execution.
      for (const entry of sent) expect(await call(base, entry)).toEqual(retried.get(entry.key));
    } finally {
      await second.kill();
    }

    const config = loadConfig({ ...env });
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const services = await createServices(config, db, pino({ level: 'silent' }));
      const stored: Record<Kind, Set<string>> = {
        margin: new Set((await db.db.select().from(tradingPositions)).map((row) => String(row.id))),
        spot: new Set((await db.db.select().from(tradingSpotOrders)).map((row) => String(row.id))),
        option: new Set((await db.db.select().from(tradingOptions)).map((row) => String(row.id))),
      };
      // Each key executed exactly once: one record per key, and no record without a key.
      for (const kind of ['margin', 'spot', 'option'] as const) {
        const answered = sent.filter((s) => s.kind === kind).map((s) => String(retried.get(s.key).result.id));
        expect(new Set(answered).size).toBe(answered.length);
        expect([...stored[kind]].sort()).toEqual([...answered].sort());
      }
      // All or nothing: every order has its opening receipt (written in the order's transaction) and the
      // ledger is consistent.
      const opening = await db.db
        .select({ kind: tradingReceipts.kind, recordId: tradingReceipts.recordId })
        .from(tradingReceipts)
        .where(eq(tradingReceipts.event, 'open'));
      const receipts = { margin: 0, spot: 0, option: 0 };
      for (const row of opening) if (row.kind !== 'spot') receipts[row.kind] += 1;
      const fills = await db.db
        .select({ recordId: tradingReceipts.recordId })
        .from(tradingReceipts)
        .where(eq(tradingReceipts.event, 'fill'));
      expect(receipts.margin).toBe(stored.margin.size);
      expect(receipts.option).toBe(stored.option.size);
      expect(fills).toHaveLength(stored.spot.size);
      expect(await services.ledger.check()).toEqual({ ok: true, problems: [] });
      // The kill cut requests in flight: the all-or-nothing and lease paths above were exercised.
      expect(unacknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    } finally {
      await db.close();
    }
  });
});

/** Signs up three customers through the real endpoints (each has the demo account's starting balance). */
async function seedCustomers(env: Record<string, string>): Promise<SignedUpCustomer[]> {
  const config = loadConfig({ ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = await createServices(config, database, pino({ level: 'silent' }));
    const app = await buildApp(services);
    await app.ready();
    const customers: SignedUpCustomer[] = [];
    for (let i = 0; i < 3; i++) customers.push(await signUpCustomer({ app, services }));
    await app.close();
    return customers;
  } finally {
    await database.close();
  }
}

async function call(base: string, entry: Sent): Promise<Json> {
  return (await send(base, entry)).body;
}

/** The answer's envelope and its `Retry-After` header (seconds), if any. */
async function send(base: string, entry: Sent): Promise<{ body: Json; retryAfter: string | null }> {
  const res = await fetch(`${base}/swx/customer${routes[entry.kind]}`, {
    method: 'POST',
    headers: {
      authorization: entry.who.token,
      virtually: 'NO',
      'content-type': 'application/json',
      'idempotency-key': entry.key,
    },
    body: JSON.stringify(entry.form),
  });
  return { body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

async function retryUntilAccepted(base: string, entry: Sent): Promise<Json> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { body: answer, retryAfter } = await send(base, entry);
    // Never 30000: the original died with the killed server, so its claim is not a repeat to the customer.
    expect(answer.code).not.toBe('30000');
    // 11190: the dead request's claim holds until its lease ends, and the answer says for how long.
    if (answer.code === '11190' && Date.now() < deadline) {
      expect(Number(retryAfter)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(retryAfter), 5) * 1_000));
      continue;
    }
    // 10015: no price yet after the restart.
    if (answer.code === '10015' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    expect(answer).toMatchObject({ code: '200', message: '20004' });
    return answer;
  }
}
