import { eq } from 'drizzle-orm';
import { auditLog } from '../../staff/tables';
import { approvedChange, secondAdmin, staffCredentials, staffToken } from '../../staff/__tests__/helpers';
import { createTestServer } from '../../test/harness';
import { markets } from '../tables';
import { refusal, tradingServer, withHelpers, type TradingTestServer } from '../../trading/__tests__/helpers';

let server: TradingTestServer;
let token: string;
let checker: string;
const globalPeriods = [
  { seconds: 60, rate: '0.85' },
  { seconds: 120, rate: '0.87' },
  { seconds: 300, rate: '0.90' },
];

beforeAll(async () => {
  server = await tradingServer({
    env: { ADMIN_USERNAME: staffCredentials.username, ADMIN_PASSWORD: staffCredentials.password },
  });
  token = await staffToken(server);
  checker = (await secondAdmin(server)).token;
  await server.tick('ETHUSDT', '3000.00');
  await server.tick('BTCUSDT', '90000.00');
});
afterAll(async () => server.close());

/**
 * Asks for new terms as the admin and, once they are a pending change, approves them as the second admin
 * (maker-checker); answers the market's terms record then, or the refusal of either step.
 */
const setTerms = async (code: string, payload: Record<string, unknown>, auth: string | undefined = token) => {
  const asked = await server.app.inject({
    method: 'POST',
    url: `/swx/admin/markets/${code}/optionTerms`,
    headers: auth ? { authorization: auth } : {},
    payload,
  });
  if (asked.statusCode !== 200) return asked;
  expect(asked.json().result).toMatchObject({ kind: 'option-terms', status: 'pending' });
  const approved = await server.app.inject({
    method: 'POST',
    url: `/swx/admin/changes/${asked.json().result.id}/approve`,
    headers: { authorization: checker },
    payload: { reason: 'checked' },
  });
  if (approved.statusCode !== 200) return approved;
  const record = await server.app.inject({
    method: 'GET',
    url: `/swx/admin/markets/${code}/optionTerms`,
    headers: { authorization: token },
  });
  return {
    statusCode: 200,
    json: () => ({ code: '200', message: asked.json().message, result: record.json().result }),
  };
};
const termsOf = async (code: string) =>
  (await server.app.inject({ method: 'GET', url: `/swx/customer/index/getMarketInfo/${code}` })).json().result
    .optionTerms;
const buy = async (code: string, period: number, amount = '100') => {
  const customer = await server.customer();
  return refusal(() =>
    server.services.trading.options.buy(customer, { code, direction: 'up', amount, period }),
  );
};
const storedRow = async (code: string) =>
  (
    await server.database.db
      .select({ p: markets.optionPeriods, min: markets.optionStakeMin, max: markets.optionStakeMax })
      .from(markets)
      .where(eq(markets.code, code))
  )[0];

it('markets inherit the global parameters until staff give one its own terms', async () => {
  expect(await termsOf('ETHUSDT')).toEqual({ periods: globalPeriods, stakeMin: '10', stakeMax: '50000' });
  expect(await storedRow('ETHUSDT')).toEqual({ p: null, min: null, max: null });
});

it("a market's own periods and stake bounds are what buyOptions accepts there, and only there", async () => {
  const res = await setTerms('ETHUSDT', {
    periods: [
      { seconds: 30, rate: '0.8' },
      { seconds: 600, rate: '0.95' },
    ],
    stakeMin: '50',
    stakeMax: '1000.50',
    reason: 'ETH volatility review',
  });
  expect(res.statusCode).toBe(200);
  // Asked for (20001: submitted for a second admin's review), then approved.
  expect(res.json()).toMatchObject({ code: '200', message: '20001' });
  const periods = [
    { seconds: 30, rate: '0.8' },
    { seconds: 600, rate: '0.95' },
  ];
  expect(res.json().result).toEqual({
    code: 'ETHUSDT',
    override: { periods, stakeMin: '50', stakeMax: '1000.5' },
    effective: { periods, stakeMin: '50', stakeMax: '1000.5' },
  });
  expect(await termsOf('ETHUSDT')).toEqual({ periods, stakeMin: '50', stakeMax: '1000.5' });

  // The market's own period is accepted with its rate; a period only the parameter lists is not.
  const customer = await server.customer();
  const contract = await server.services.trading.options.buy(customer, {
    code: 'ETHUSDT',
    direction: 'down',
    amount: '50',
    period: 30,
  });
  expect(contract).toMatchObject({ period: 30, rate: '0.8', amount: '50' });
  expect(await buy('ETHUSDT', 60)).toBe('10017');
  // Its stake bounds apply: below, above and on the edges.
  expect(await buy('ETHUSDT', 600, '49.99')).toBe('10016');
  expect(await buy('ETHUSDT', 600, '1000.51')).toBe('10016');
  expect(await buy('ETHUSDT', 600, '1000.5')).toBeUndefined();
  // Other markets keep the parameters.
  expect(await termsOf('BTCUSDT')).toEqual({ periods: globalPeriods, stakeMin: '10', stakeMax: '50000' });
  expect(await buy('BTCUSDT', 60, '10')).toBeUndefined();
  expect(await buy('BTCUSDT', 30)).toBe('10017');

  const audit = await server.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'market.option_terms.set'));
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    target: 'market:ETHUSDT',
    details: {
      from: { periods: null, stakeMin: null, stakeMax: null },
      to: { periods, stakeMin: '50', stakeMax: '1000.50' },
      reason: 'ETH volatility review',
    },
  });
  expect(audit[0]!.staffId).not.toBeNull();
});

it('refuses bad terms with 11041 (or 400 for unknown fields) and changes nothing', async () => {
  const before = await storedRow('ETHUSDT');
  const auditBefore = await server.database.db.select().from(auditLog);
  const bad: [Record<string, unknown>, string][] = [
    [{ periods: [], reason: 'x' }, '11041'],
    [{ periods: [{ seconds: 5, rate: '0.8' }], reason: 'x' }, '11041'],
    [{ periods: [{ seconds: 60, rate: '1.5' }], reason: 'x' }, '11041'],
    [{ periods: [{ seconds: 60, rate: 0.8 }], reason: 'x' }, '11041'],
    [{ periods: [{ seconds: 60 }], reason: 'x' }, '11041'],
    [{ periods: [{ seconds: 60.5, rate: '0.8' }], reason: 'x' }, '11041'],
    [
      {
        periods: [
          { seconds: 60, rate: '0.8' },
          { seconds: 60, rate: '0.9' },
        ],
        reason: 'x',
      },
      '11041',
    ],
    [{ periods: '[{"seconds":60,"rate":"0.8"}]', reason: 'x' }, '11041'],
    [{ stakeMin: '0', reason: 'x' }, '11041'],
    [{ stakeMin: '-5', reason: 'x' }, '11041'],
    [{ stakeMax: '1e3', reason: 'x' }, '11041'],
    [{ stakeMin: 20, reason: 'x' }, '11041'],
    // The bounds in force afterwards would leave no stake (the current largest is 1000.5).
    [{ stakeMin: '2000', reason: 'x' }, '11041'],
    [{ stakeMin: '20', stakeMax: '10', reason: 'x' }, '11041'],
    [{ stakeMin: '20', rate: '0.9', reason: 'x' }, '400'],
    [{ stakeMin: '20' }, '400'],
  ];
  for (const [payload, code] of bad) {
    const res = await setTerms('ETHUSDT', payload);
    expect([JSON.stringify(payload), res.json().code]).toEqual([JSON.stringify(payload), code]);
    expect(res.statusCode).toBe(400);
  }
  expect((await setTerms('NOSUCH', { stakeMin: '20', reason: 'x' })).json().code).toBe('11030');
  expect((await setTerms('ETHUSDT', { stakeMin: '20', reason: 'x' }, 'not-a-token')).statusCode).toBe(401);
  expect(await storedRow('ETHUSDT')).toEqual(before);
  expect(await server.database.db.select().from(auditLog)).toHaveLength(auditBefore.length);
});

it('reaches every instance: a restart keeps the terms, a running instance hears of a change', async () => {
  // A new instance on the same database: the catalogue seeding at start-up keeps the market's terms.
  const second = withHelpers(await createTestServer({ shareDatabaseWith: server }));
  try {
    const other = second.services.markets;
    expect(other.optionTerms('ETHUSDT')).toMatchObject({ stakeMin: '50', stakeMax: '1000.5' });
    // Running (with a silent feed), it reloads the terms when another instance changes them.
    other.useFeed({
      kind: 'simulated',
      onTicks: () => () => undefined,
      start: () => undefined,
      stop: () => undefined,
    });
    await other.lifecycle.start();
    try {
      expect((await setTerms('ETHUSDT', { stakeMax: '900', reason: 'lower ceiling' })).statusCode).toBe(200);
      const deadline = Date.now() + 5_000;
      while (other.optionTerms('ETHUSDT').stakeMax !== '900' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(other.optionTerms('ETHUSDT')).toMatchObject({ stakeMin: '50', stakeMax: '900' });
    } finally {
      await other.lifecycle.stop();
    }
  } finally {
    await second.close();
  }
});

it('clearing an override falls back to the parameters, field by field', async () => {
  // Clearing only the periods keeps the stake bounds.
  let res = await setTerms('ETHUSDT', { periods: null, reason: 'back to the standard periods' });
  expect(res.json().result).toMatchObject({
    override: { periods: null, stakeMin: '50', stakeMax: '900' },
    effective: { periods: globalPeriods, stakeMin: '50', stakeMax: '900' },
  });
  expect(await buy('ETHUSDT', 60)).toBeUndefined();
  expect(await buy('ETHUSDT', 30)).toBe('10017');
  expect(await buy('ETHUSDT', 60, '20')).toBe('10016');

  res = await setTerms('ETHUSDT', { stakeMin: null, stakeMax: null, reason: 'standard stakes' });
  expect(res.json().result.override).toEqual({ periods: null, stakeMin: null, stakeMax: null });
  expect(await storedRow('ETHUSDT')).toEqual({ p: null, min: null, max: null });
  expect(await termsOf('ETHUSDT')).toEqual({ periods: globalPeriods, stakeMin: '10', stakeMax: '50000' });
  expect(await buy('ETHUSDT', 60, '10')).toBeUndefined();

  // A later change of the parameter reaches every market without terms of its own.
  const setParam = (value: string) =>
    approvedChange(server, checker, () =>
      server.app.inject({
        method: 'PUT',
        url: '/swx/admin/params/option_stake_min',
        headers: { authorization: token },
        payload: { value, reason: 'stake floor review' },
      }),
    );
  expect((await setParam('25')).status).toBe('approved');
  expect(await buy('ETHUSDT', 60, '20')).toBe('10016');
  expect(
    (
      await server.app.inject({
        method: 'GET',
        url: '/swx/admin/markets/ETHUSDT/optionTerms',
        headers: { authorization: token },
      })
    ).json().result.effective.stakeMin,
  ).toBe('25');
  expect((await setParam('10')).status).toBe('approved');
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('staff list the markets that offer options, marking the ones with terms of their own', async () => {
  const list = async () =>
    (
      await server.app.inject({
        method: 'GET',
        url: '/swx/admin/markets/optionTerms',
        headers: { authorization: token },
      })
    ).json().result as { code: string; overridden: boolean }[];
  const before = await list();
  const offering = server.services.markets.list().filter((market) => market.optionsTradable);
  expect(before.map((market) => market.code)).toEqual(offering.map((market) => market.code));
  await setTerms('SOLUSDT', { stakeMin: '20', reason: 'a higher floor' });
  const after = await list();
  expect(after.find((market) => market.code === 'SOLUSDT')).toMatchObject({ overridden: true });
  expect((await server.app.inject({ method: 'GET', url: '/swx/admin/markets/optionTerms' })).statusCode).toBe(
    401,
  );
});
