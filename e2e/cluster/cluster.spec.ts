import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import WebSocket from 'ws';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import {
  admin,
  balancerUrl,
  freezeInstance,
  instanceUrl,
  killInstance,
  leader,
  leadershipEpoch,
  query,
  startInstance,
  startStack,
  stopStack,
  waitFor,
  type InstanceName,
  type Stack,
} from './stack';
import { approvePending, memberSession, staffSession } from '../support/staff';
import { createListing } from '../support/nft-listing';

/**
 * Several instances (docs/architecture.md, "Several instances"): two servers on one PostgreSQL behind
 * haproxy. What a customer must not notice: which instance answers, where the feed and the jobs run, and
 * that one of them died.
 */
test.describe.configure({ mode: 'serial' });

const code = 'BTCUSDT';
let stack: Stack;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startStack();
  api = await requests.newContext({ baseURL: balancerUrl });
});

test.afterAll(async () => {
  await api?.dispose();
  if (stack) await stopStack(stack);
});

interface Session {
  token: string;
  userInfo: unknown;
}

/** A new customer signed up through the balancer (code by mail), trading in the demo account. */
async function signUp(prefix: string): Promise<Session> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `${prefix}${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'cluster-demo1' };
  const since = Date.now();
  const sent = await api.post('/swx/customer/login/sendCode', {
    data: { email: customer.email, scene: 'register' },
  });
  expect(await sent.json()).toMatchObject({ code: '200' });
  const verification = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await api.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code: verification },
  });
  const body = (await registered.json()) as { code: string; result: Session };
  expect(body).toMatchObject({ code: '200' });
  const demo = await api.post('/swx/customer/user/accountMode', {
    headers: { Authorization: body.result.token },
    data: { mode: 'demo' },
  });
  expect(await demo.json()).toMatchObject({ code: '200' });
  return body.result;
}

async function call(base: string, method: 'GET' | 'POST', path: string, token: string, data?: unknown) {
  const context = await requests.newContext({ baseURL: base });
  try {
    const answer = await context.fetch(path, {
      method,
      headers: { Authorization: token, virtually: 'NO' },
      ...(method === 'POST' ? { data: data ?? {} } : {}),
    });
    return (await answer.json()) as { code: string; message: string; result: unknown };
  } finally {
    await context.dispose();
  }
}

/** A customer's socket to one instance: the prices and account events it receives. */
class Listener {
  readonly prices: { price: string; time: number; at: number }[] = [];
  readonly events: { type: string }[] = [];
  private readonly socket: WebSocket;
  readonly open: Promise<void>;

  constructor(base: string, token: string) {
    this.socket = new WebSocket(`${base.replace('http', 'ws')}/message`);
    this.open = new Promise((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.once('open', () => {
        this.socket.send(JSON.stringify({ op: 'auth', token }));
        this.socket.send(JSON.stringify({ op: 'subscribe', codes: [code] }));
        resolve();
      });
    });
    this.socket.on('message', (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as unknown;
      if (Array.isArray(frame)) {
        for (const tick of frame as { code: string; price: string; time: number }[])
          if (tick.code === code) this.prices.push({ price: tick.price, time: tick.time, at: Date.now() });
      } else if (frame && typeof frame === 'object') {
        const { type } = frame as { type: string };
        if (!['auth', 'error', 'pong'].includes(type)) this.events.push(frame as { type: string });
      }
    });
  }

  pricesSince(at: number): number {
    return this.prices.filter((tick) => tick.at > at).length;
  }

  close(): void {
    this.socket.close();
  }
}

test('a session signed in through the balancer works on either instance, and signing out ends it on both', async () => {
  const session = await signUp('cs');
  for (const name of ['a', 'b'] as const) {
    const info = await call(instanceUrl(name), 'POST', '/swx/customer/user/getUserInfo', session.token);
    expect(info, `instance ${name}`).toMatchObject({ code: '200' });
  }
  expect(await call(instanceUrl('a'), 'POST', '/swx/customer/login/logout', session.token)).toMatchObject({
    code: '200',
  });
  const after = await call(instanceUrl('b'), 'POST', '/swx/customer/user/getUserInfo', session.token);
  expect(after.code).toBe('401');
});

test('wrong passwords are counted per account in PostgreSQL, whichever instance they reach', async () => {
  const session = await signUp('cl');
  const { username } = session.userInfo as { username: string };
  const codes: string[] = [];
  // Five free failures (RATE_LOGIN_PER_ACCOUNT_PER_MINUTE's production default), spread over both instances
  // and both spellings of the account; the sixth try waits on either instance.
  for (const [index, name] of (['a', 'b', 'a', 'b', 'a', 'b', 'a'] as const).entries()) {
    const context = await requests.newContext({ baseURL: instanceUrl(name) });
    try {
      const answer = await context.post('/swx/customer/login/login', {
        data: {
          account: index % 2 ? `${username}@swx.test`.toUpperCase() : username,
          password: 'wrong-pass-1',
        },
      });
      codes.push(((await answer.json()) as { code: string }).code);
      if (index >= 5) expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
    } finally {
      await context.dispose();
    }
  }
  expect(codes).toEqual(['10004', '10004', '10004', '10004', '10004', '429', '429']);
});

test('prices and account events reach the clients of both instances, whichever runs the feed', async () => {
  const session = await signUp('cp');
  const listeners = [
    new Listener(instanceUrl('a'), session.token),
    new Listener(instanceUrl('b'), session.token),
  ];
  try {
    await Promise.all(listeners.map((listener) => listener.open));
    const since = Date.now();
    await waitFor(
      async () => listeners.every((listener) => listener.pricesSince(since) >= 2),
      'prices on both',
      30_000,
    );
    // Both see the same feed: the same ticks, published once by the leader.
    const shared = listeners[0]!.prices.filter((a) => listeners[1]!.prices.some((b) => b.time === a.time));
    expect(shared.length).toBeGreaterThan(0);
    // An order placed on one instance is announced on the other's socket too.
    const order = await call(instanceUrl('a'), 'POST', '/swx/customer/order/buyU', session.token, {
      code,
      direction: 'long',
      lots: '0.01',
      leverage: 10,
      orderType: 'market',
    });
    expect(order, order.message).toMatchObject({ code: '200' });
    await waitFor(
      async () => listeners.every((listener) => listener.events.length > 0),
      'the order event on both',
      15_000,
    );
  } finally {
    for (const listener of listeners) listener.close();
  }
});

test('the site runs through the balancer in a browser, with live prices', async ({ page }) => {
  await page.goto(`${balancerUrl}/`);
  const price = page
    .getByTestId('home-market-list')
    .locator(`[data-code="${code}"]`)
    .getByTestId('market-price');
  await expect(price).not.toHaveText('—', { timeout: 30_000 });
  const first = await price.textContent();
  await expect.poll(async () => price.textContent(), { timeout: 30_000 }).not.toBe(first);
});

/**
 * The shortest option period a market may have, so options expire within seconds. Option terms move risk: the
 * admin asks, a second admin approves (maker-checker). Returns a finance member's session (the ledger check
 * and the listings are the review desk's).
 */
async function shortOptions(): Promise<string> {
  const adminToken = await staffSession(api, admin, 'cluster');
  const terms = await api.post(`/swx/admin/markets/${code}/optionTerms`, {
    headers: { Authorization: adminToken },
    data: { periods: [{ seconds: 10, rate: '0.8' }], reason: 'cluster test: short options' },
  });
  const asked = (await terms.json()) as { code: string; result: unknown };
  expect(asked).toMatchObject({ code: '200', result: { status: 'pending' } });
  await approvePending(api, asked.result, 'deputy', { admin, baseURL: 'cluster' });
  return memberSession(api, 'desk', { admin, baseURL: 'cluster' });
}

/** Three 10-second options through the balancer (once the market has a price); their ids. */
async function buyOptions(session: Session): Promise<string[]> {
  const priced = new Listener(balancerUrl, session.token);
  try {
    await priced.open;
    await waitFor(async () => priced.prices.length > 0, `a price of ${code}`, 60_000);
  } finally {
    priced.close();
  }
  const options: string[] = [];
  for (let i = 0; i < 3; i++) {
    const bought = await call(balancerUrl, 'POST', '/swx/customer/order/buyOptions', session.token, {
      code,
      direction: i % 2 ? 'up' : 'down',
      // Distinct forms: the same one within 10 s would be refused as a repeat.
      amount: String(10 + i),
      period: 10,
    });
    expect(bought, bought.message).toMatchObject({ code: '200' });
    options.push(String((bought.result as { id: string | number }).id));
  }
  return options;
}

/** Every option settles, exactly once (one settlement entry each), and the ledger checks clean. */
async function expectSettledOnce(session: Session, options: string[], staffToken: string) {
  await waitFor(
    async () => {
      const list = await call(balancerUrl, 'GET', '/swx/customer/order/listOptionsOrder', session.token);
      const mine = (list.result as { id: string | number; status: string }[]).filter((o) =>
        options.includes(String(o.id)),
      );
      return mine.length === options.length && mine.every((o) => o.status !== 'open');
    },
    'the options to settle',
    60_000,
  );
  const settlements = await query<{ reference_id: string; n: string }>(
    stack,
    `select reference_id, count(*) as n from ledger_journal_entries
      where reference_type = 'option' and reference_id = any($1) and type <> 'option_stake'
      group by reference_id`,
    [options],
  );
  expect(settlements.map((row) => [row.reference_id, Number(row.n)]).sort()).toEqual(
    [...options].sort().map((id) => [id, 1]),
  );
  const check = await api.get('/swx/admin/ledger/check', { headers: { Authorization: staffToken } });
  expect(await check.json()).toMatchObject({ code: '200', result: { ok: true } });
}

test('killing the instance that runs the feed and the jobs moves both to the other, nothing lost or done twice', async () => {
  test.setTimeout(180_000);
  // Options of the shortest period a market may have, so their expiries fall just after the crash.
  const staffToken = await shortOptions();
  const session = await signUp('cf');
  const options = await buyOptions(session);

  const first = await leader(stack);
  expect(first).toBeDefined();
  const survivor: InstanceName = first === 'a' ? 'b' : 'a';
  const listener = new Listener(instanceUrl(survivor), session.token);
  await listener.open;
  await killInstance(stack, first!);
  const killedAt = Date.now();

  // The other instance takes the lock within seconds and runs the feed: fresh prices on its socket.
  await waitFor(async () => (await leader(stack)) === survivor, `${survivor} to lead`, 15_000);
  await waitFor(async () => listener.pricesSince(killedAt) >= 2, 'fresh prices after the crash', 20_000);
  listener.close();
  // The balancer drops the dead instance: every request through it is answered.
  for (let i = 0; i < 6; i++) expect((await api.get('/healthz')).ok()).toBe(true);

  // Every option expiring around the crash settles, on the survivor, exactly once.
  await expectSettledOnce(session, options, staffToken);

  // The crashed instance comes back as a follower: the leadership stays where it is.
  await startInstance(stack, first!);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await leader(stack)).toBe(survivor);
});

/** How many ticks the feed leader of term `epoch` has stored. */
async function ticksOfTerm(epoch: bigint): Promise<number> {
  const rows = await query<{ n: string }>(stack, 'select count(*) as n from market_ticks where epoch = $1', [
    epoch.toString(),
  ]);
  return Number(rows[0]!.n);
}

test('a leader frozen until the other takes over resumes fenced: no job run twice, no option settled twice, no feed write of its own', async () => {
  test.setTimeout(180_000);
  const staffToken = await shortOptions();
  const session = await signUp('cz');
  const options = await buyOptions(session);
  // Two charity auctions whose settlement jobs fall due while the leader is frozen.
  const auctions = [
    await createListing(api, staffToken, 'Frozen leader auction 1', 6),
    await createListing(api, staffToken, 'Frozen leader auction 2', 9),
  ].map((listing) => String(listing.id));

  const frozen = (await leader(stack))!;
  expect(frozen).toBeDefined();
  const survivor: InstanceName = frozen === 'a' ? 'b' : 'a';
  const oldTerm = (await leadershipEpoch(stack))!;
  const listeners = [
    new Listener(instanceUrl(survivor), session.token),
    new Listener(instanceUrl(frozen), session.token),
  ];
  await Promise.all(listeners.map((listener) => listener.open));
  const freeze = freezeInstance(stack, frozen);
  // Every tick of the old term was published before this instant.
  const frozenAt = Date.now();
  try {
    // Its lock session goes quiet: PostgreSQL ends it after twice the lease, and the other takes over.
    await waitFor(async () => (await leader(stack)) === survivor, `${survivor} to lead`, 40_000);
    const newTerm = (await leadershipEpoch(stack))!;
    expect(newTerm).toBe(oldTerm + 1n);
    const tookOverAt = Date.now();
    await waitFor(
      async () => listeners[0]!.pricesSince(tookOverAt) >= 2,
      'prices from the new leader',
      20_000,
    );
    const storedByOldTerm = await ticksOfTerm(oldTerm);

    // The frozen leader runs again, its timers (feed, flush, jobs) all overdue at once.
    freeze.resume();
    const resumedAt = Date.now();
    await waitFor(
      async () => listeners[1]!.pricesSince(resumedAt) >= 3,
      'prices on the resumed instance',
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await leader(stack)).toBe(survivor);

    // No option settled twice, whichever instance got there.
    await expectSettledOnce(session, options, staffToken);
    // Each auction's settlement job ran once, under the new term.
    await waitFor(
      async () =>
        (
          await query(
            stack,
            `select 1 from platform_jobs where name = 'nfts.settle' and done_at is not null
                               and payload->>'nftId' = any($1)`,
            [auctions],
          )
        ).length === auctions.length,
      'the auctions to settle',
      30_000,
    );
    const jobs = await query<{ epoch: string; attempts: number }>(
      stack,
      `select epoch::text as epoch, attempts from platform_jobs where name = 'nfts.settle' and payload->>'nftId' = any($1)`,
      [auctions],
    );
    expect(jobs).toEqual(auctions.map(() => ({ epoch: newTerm.toString(), attempts: 1 })));

    // No feed write of the old term after the takeover: the resumed leader stored no tick...
    expect(await ticksOfTerm(oldTerm)).toBe(storedByOldTerm);
    // ...and sent none: every price either instance's customers saw since is a tick the new leader stored.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const seen = listeners.flatMap((listener) => listener.prices.filter((tick) => tick.time > frozenAt));
    // The leader stores its ticks in a flush every second, after sending them: a tick seen just now may not
    // be stored yet. Asked again for up to ten seconds; a tick of the old term never becomes one of the new.
    const foreignTicks = async () => {
      const stored = await query<{ time: string; price: string; epoch: string | null }>(
        stack,
        `select (extract(epoch from time) * 1000)::bigint::text as time, price::text as price, epoch::text as epoch
           from market_ticks where code = $1 and time >= $2`,
        [code, new Date(Math.min(...seen.map((tick) => tick.time)))],
      );
      const byTime = new Map(stored.map((row) => [Number(row.time), row]));
      return seen.filter((tick) => {
        const row = byTime.get(tick.time);
        return !row || row.epoch !== newTerm.toString() || Number(row.price) !== Number(tick.price);
      });
    };
    let foreign = await foreignTicks();
    for (const deadline = Date.now() + 10_000; foreign.length > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      foreign = await foreignTicks();
    }
    expect(seen.length).toBeGreaterThan(3);
    expect(foreign).toEqual([]);
  } finally {
    freeze.resume();
    for (const listener of listeners) listener.close();
  }
});
