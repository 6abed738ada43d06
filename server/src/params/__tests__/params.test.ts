import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import {
  approvedChange,
  createStaffTestServer,
  secondAdmin,
  staffToken,
} from '../../staff/__tests__/helpers';
import { auditLog } from '../../staff/tables';
import { paramDefinitions, invalidParamValue } from '../definitions';
import { parameters } from '../tables';

let server: TestServer;
let token: string;
let checker: string;
beforeAll(async () => {
  server = await createStaffTestServer();
  token = await staffToken(server);
  checker = (await secondAdmin(server)).token;
});
afterAll(async () => server.close());

const getParam = (key: string) =>
  server.app.inject({ method: 'GET', url: `/swx/customer/index/getParamByKey/${key}` });

describe('parameters', () => {
  it('seeds the docs/product.md defaults', () => {
    const { params } = server.services;
    expect(params.getDecimal('demo_initial_balance').eq(100000)).toBe(true);
    expect(params.get('trade_fee_rate')).toBe('0.001');
    expect(params.getDecimal('withdrawal_fee_rate')).toEqual(new Decimal('0.01'));
    expect(params.getInteger('withdrawal_review_hours')).toBe(24);
    expect(params.get('deposit_min_usdt')).toBe('120');
    expect(params.get('deposit_min_btc')).toBe('0.015');
    expect(params.get('deposit_min_eth')).toBe('0.2');
    expect(params.get('maintenance_margin_rate')).toBe('0.5');
    expect(params.get('margin_call_rate')).toBe('0.75');
    expect(params.getInteger('leverage_cap_forex')).toBe(30);
    expect(params.getInteger('leverage_cap_metals')).toBe(20);
    expect(params.getInteger('leverage_cap_stocks')).toBe(5);
    expect(params.getInteger('leverage_cap_futures')).toBe(10);
    expect(params.getInteger('leverage_cap_crypto')).toBe(2);
    expect(params.getJson('option_periods')).toEqual([
      { seconds: 60, rate: '0.85' },
      { seconds: 120, rate: '0.87' },
      { seconds: 300, rate: '0.90' },
    ]);
    expect(params.get('smart_exit_damages_rate')).toBe('0.1');
    expect(params.getInteger('loan_interest_free_days')).toBe(3);
    expect(params.get('loan_overdue_multiplier')).toBe('1.5');
    expect(params.get('invite_reward_rate')).toBe('0.1');
    expect(params.get('nft_bid_increment')).toBe('0.05');
    expect(params.getBoolean('smart_trading_enabled')).toBe(true);
  });

  it('every seed default passes its own definition', () => {
    for (const definition of paramDefinitions)
      expect([definition.key, invalidParamValue(definition, definition.defaultValue)]).toEqual([
        definition.key,
        undefined,
      ]);
  });

  it('answers a public parameter as {paramValue}', async () => {
    const res = await getParam('down_url');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '200', message: 'success', result: { paramValue: '/introduction' } });
  });

  it('refuses private and unknown keys with 10018', async () => {
    await server.database.db
      .insert(parameters)
      .values({ key: 'internal_secret', value: 'x', public: false, description: 'test' });
    await server.services.params.reload();
    for (const key of ['internal_secret', 'no_such_key', 'Bad-Key!']) {
      const res = await getParam(encodeURIComponent(key));
      expect(res.json()).toMatchObject({ code: '10018', result: null });
      expect(res.statusCode).toBe(404);
    }
  });

  it('seeding again keeps a value staff have set', async () => {
    await server.database.db
      .update(parameters)
      .set({ value: '0.002' })
      .where(eq(parameters.key, 'trade_fee_rate'));
    await server.services.params.init();
    expect(server.services.params.get('trade_fee_rate')).toBe('0.002');
    await server.database.db
      .update(parameters)
      .set({ value: '0.001' })
      .where(eq(parameters.key, 'trade_fee_rate'));
    await server.services.params.reload();
  });

  it('seeding again refreshes a description and visibility that differ from the code, and only those', async () => {
    const [before] = await server.database.db
      .select()
      .from(parameters)
      .where(eq(parameters.key, 'trade_fee_rate'));
    await server.database.db
      .update(parameters)
      .set({ description: 'stale', public: !before!.public })
      .where(eq(parameters.key, 'trade_fee_rate'));
    await server.services.params.seed();
    const [after] = await server.database.db
      .select()
      .from(parameters)
      .where(eq(parameters.key, 'trade_fee_rate'));
    expect(after).toEqual(before);
  });

  it('makes a risk parameter a pending change; a second admin applies it, both reasons audited', async () => {
    const put = () =>
      server.app.inject({
        method: 'PUT',
        url: '/swx/admin/params/withdrawal_fee_rate',
        headers: { authorization: `Bearer ${token}` },
        payload: { value: '0.02', reason: 'network fees rose' },
      });
    const asked = await put();
    expect(asked.json()).toMatchObject({
      code: '200',
      message: '20001',
      result: {
        param: { key: 'withdrawal_fee_rate', value: '0.01' },
        pendingChange: {
          kind: 'param',
          target: 'param:withdrawal_fee_rate',
          status: 'pending',
          summary: { before: '0.01', after: '0.02' },
          reason: 'network fees rose',
        },
      },
    });
    // Nothing changed yet, and a second request for the same parameter waits its turn.
    expect(server.services.params.get('withdrawal_fee_rate')).toBe('0.01');
    expect((await put()).json().code).toBe('11311');
    const changeId = asked.json().result.pendingChange.id as string;
    const approve = (who: string) =>
      server.app.inject({
        method: 'POST',
        url: `/swx/admin/changes/${changeId}/approve`,
        headers: { authorization: who },
        payload: { reason: 'matches the network' },
      });
    expect((await approve(token)).json().code).toBe('11171');
    const approved = await approve(checker);
    expect(approved.json().result).toMatchObject({
      status: 'approved',
      decisionReason: 'matches the network',
    });
    expect((await getParam('withdrawal_fee_rate')).json().result.paramValue).toBe('0.02');
    expect(server.services.params.get('withdrawal_fee_rate')).toBe('0.02');
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'param.set'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.target).toBe('param:withdrawal_fee_rate');
    expect(rows[0]!.details).toEqual({
      from: '0.01',
      to: '0.02',
      reason: 'network fees rose',
      changeId,
      requestedBy: (await server.services.staff.findByUsername('chief'))!.staffId,
      approvalReason: 'matches the network',
    });
    const detail = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/params/withdrawal_fee_rate',
      headers: { authorization: token },
    });
    expect(detail.json().result.history[0]).toMatchObject({
      from: '0.01',
      to: '0.02',
      staffUsername: 'deputy',
    });
  });

  it('changes an editorial parameter in one step', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/swx/admin/params/service_url',
      headers: { authorization: token },
      payload: { value: '/help/faq', reason: 'new support page' },
    });
    expect(res.json()).toMatchObject({
      message: '20005',
      result: { param: { key: 'service_url', value: '/help/faq' }, pendingChange: null },
    });
    expect((await getParam('service_url')).json().result.paramValue).toBe('/help/faq');
  });

  it('a rejected change changes nothing', async () => {
    const asked = await server.app.inject({
      method: 'PUT',
      url: '/swx/admin/params/trade_fee_rate',
      headers: { authorization: token },
      payload: { value: '0.05', reason: 'typo' },
    });
    const id = asked.json().result.pendingChange.id as string;
    const rejected = await server.app.inject({
      method: 'POST',
      url: `/swx/admin/changes/${id}/reject`,
      headers: { authorization: checker },
      payload: { reason: 'far too high' },
    });
    expect(rejected.json().result).toMatchObject({ status: 'rejected', decisionReason: 'far too high' });
    expect(server.services.params.get('trade_fee_rate')).toBe('0.001');
    const [decision] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'change.param.reject'));
    expect(decision!.details).toMatchObject({ requestReason: 'typo', decisionReason: 'far too high' });
    // Applied later by maker and checker together.
    await approvedChange(server, checker, () =>
      server.app.inject({
        method: 'PUT',
        url: '/swx/admin/params/trade_fee_rate',
        headers: { authorization: token },
        payload: { value: '0.002', reason: 'new fee schedule' },
      }),
    );
    expect(server.services.params.get('trade_fee_rate')).toBe('0.002');
    await approvedChange(server, checker, () =>
      server.app.inject({
        method: 'PUT',
        url: '/swx/admin/params/trade_fee_rate',
        headers: { authorization: token },
        payload: { value: '0.001', reason: 'back to the old schedule' },
      }),
    );
  });

  it('refuses an invalid value, an unknown key and a missing token', async () => {
    const put = (key: string, payload: object, auth = true) =>
      server.app.inject({
        method: 'PUT',
        url: `/swx/admin/params/${key}`,
        headers: auth ? { authorization: token } : {},
        payload,
      });
    expect((await put('trade_fee_rate', { value: '-1', reason: 'x' })).json().code).toBe('11041');
    expect((await put('trade_fee_rate', { value: '0.5', reason: 'x' })).json().code).toBe('11041');
    expect((await put('option_periods', { value: '[{"seconds":60}]', reason: 'x' })).json().code).toBe(
      '11041',
    );
    expect((await put('down_url', { value: 'javascript:alert(1)', reason: 'x' })).json().code).toBe('11041');
    expect((await put('no_such_key', { value: '1', reason: 'x' })).json().code).toBe('10018');
    expect((await put('trade_fee_rate', { value: '0.002' })).json().code).toBe('400');
    const anonymous = await put('trade_fee_rate', { value: '0.002', reason: 'x' }, false);
    expect(anonymous.statusCode).toBe(401);
    expect(server.services.params.get('trade_fee_rate')).toBe('0.001');
  });

  it('lists every parameter for staff only', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/params',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((p: { key: string }) => p.key)).toContain('service_url');
    expect((await server.app.inject({ method: 'GET', url: '/swx/admin/params' })).statusCode).toBe(401);
  });
});

describe('parameters across instances', () => {
  it('a change made by one instance reaches another through NOTIFY', async () => {
    const { ParamsService } = await import('../service');
    const pino = (await import('pino')).default;
    const { Bus } = await import('../../platform/bus');
    const log = pino({ level: 'silent' });
    // Another instance: its own bus (own instance id) on the same database.
    const other = new ParamsService(
      server.database,
      server.services.audit,
      log,
      new Bus(server.database, log),
    );
    await other.init();
    await other.start();
    try {
      const staff = await server.services.staff.findByUsername('chief');
      await server.services.params.set('nft_bid_increment', '0.1', {
        staffId: staff!.staffId,
        reason: 'test',
      });
      for (let i = 0; i < 50 && other.get('nft_bid_increment') !== '0.1'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(other.get('nft_bid_increment')).toBe('0.1');
    } finally {
      await other.stop();
    }
  });
});
