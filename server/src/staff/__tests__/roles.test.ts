import {
  routeKeys,
  routePath,
  routes,
  staffRoles,
  type RouteSpec,
  type StaffRole,
} from '@swx/shared/contract';
import type { TestServer } from '../../test/harness';
import { signUpCustomer } from '../../auth/testing';
import { createStaffTestServer, memberPassword, staffMember, staffToken } from './helpers';

/**
 * Every staff route checks the role named in the route map, on the server, before anything else: this walks
 * the map instead of listing routes, so a route added later is covered without touching the test.
 */
let server: TestServer;
const members = {} as Record<StaffRole, string>;
let customerToken: string;
let unenrolledToken: string;

/** Plausible path values: the check must refuse before the value is looked at. */
const pathValues: Record<string, string> = {
  id: '1',
  kind: 'deposit',
  field: 'frontImage',
  code: 'BTCUSDT',
  key: 'trade_fee_rate',
  file: 'btc.png',
  codeOrId: 'BTCUSDT',
  selector: '1-en',
  provider: 'google',
  // Part B's back-office routes (customers, content pages).
  sessionId: '0123456789abcdef',
  type: '4',
  slug: 'faq',
  lang: 'en',
};

const staffSpecs = routeKeys
  .map((key) => [key, routes[key] as RouteSpec] as const)
  .filter(([, spec]) => spec.scope === 'admin');
const customerSpecs = routeKeys
  .map((key) => [key, routes[key] as RouteSpec] as const)
  .filter(([, spec]) => spec.scope === 'customer');

function send(spec: RouteSpec, token: string | undefined) {
  const prefix = spec.scope === 'admin' ? '/swx/admin' : '/swx/customer';
  const url = `${prefix}${routePath(spec.path, pathValues)}${spec.query ? '?kind=deposit' : ''}`;
  return server.app.inject({
    method: spec.method,
    url,
    headers: { ...(token ? { authorization: token } : {}), virtually: 'YES' },
    ...(spec.method === 'POST' || spec.method === 'PUT' ? { payload: {} } : {}),
  });
}

beforeAll(async () => {
  server = await createStaffTestServer();
  for (const role of staffRoles) members[role] = (await staffMember(server, `only-${role}`, [role])).token;
  customerToken = (await signUpCustomer(server)).token;
  await server.database.db.transaction((tx) =>
    server.services.staff.create(tx, 'newcomer', memberPassword, null, ['admin']),
  );
  const login = await server.app.inject({
    method: 'POST',
    url: '/swx/admin/login',
    payload: { username: 'newcomer', password: memberPassword },
  });
  unenrolledToken = login.json().result.token;
});
afterAll(async () => server.close());

describe('staff roles', () => {
  it('gives every staff route roles, and covers every role somewhere', () => {
    const used = new Set(staffSpecs.flatMap(([, spec]) => spec.roles ?? []));
    expect([...used].sort()).toEqual([...staffRoles].sort());
  });

  it.each(staffSpecs.filter(([, spec]) => !spec.staffGate))(
    '%s refuses staff without its role (11160)',
    async (_key, spec) => {
      const refused = staffRoles.filter((role) => !spec.roles!.includes(role));
      for (const role of refused) {
        const answer = await send(spec, members[role]);
        expect({ role, status: answer.statusCode, code: answer.json().code }).toEqual({
          role,
          status: 403,
          code: '11160',
        });
      }
    },
  );

  it.each(staffSpecs.filter(([, spec]) => spec.staffGate !== 'signIn'))(
    '%s refuses a customer token and no token (401)',
    async (_key, spec) => {
      for (const token of [customerToken, undefined]) {
        const answer = await send(spec, token);
        expect({ status: answer.statusCode, code: answer.json().code }).toEqual({ status: 401, code: '401' });
      }
    },
  );

  it.each(staffSpecs.filter(([, spec]) => !spec.staffGate))(
    '%s refuses a member who has not enrolled two-factor (11161)',
    async (_key, spec) => {
      const answer = await send(spec, unenrolledToken);
      expect({ status: answer.statusCode, code: answer.json().code }).toEqual({ status: 403, code: '11161' });
    },
  );

  it('lets a member without two-factor reach who-am-I and enrolment only', async () => {
    const me = await send(routes['admin.me'], unenrolledToken);
    expect(me.json().result).toMatchObject({ username: 'newcomer', roles: ['admin'], totpEnabled: false });
    const enrol = await send(routes['admin.totpEnrol'], unenrolledToken);
    expect(enrol.statusCode).toBe(200);
  });

  it('lets the holder of a role through the role check', async () => {
    const params = await send(routes['admin.params'], members.admin);
    expect(params.statusCode).toBe(200);
    const ledger = await send(routes['admin.ledgerCheck'], members.finance);
    expect(ledger.statusCode).toBe(200);
  });

  it('never takes a staff token for a customer session', async () => {
    const staff = await staffToken(server);
    for (const [key, spec] of customerSpecs) {
      if (spec.path.includes('socket')) continue;
      const withStaff = await send(spec, staff);
      const without = await send(spec, undefined);
      expect({ key, status: withStaff.statusCode }).toEqual({ key, status: without.statusCode });
      if (without.statusCode === 401) expect(withStaff.json().code).toBe('401');
    }
  });
});

describe('review kinds and roles', () => {
  const list = (kind: string, token: string) =>
    server.app.inject({
      method: 'GET',
      url: `/swx/admin/reviews?kind=${kind}`,
      headers: { authorization: token },
    });

  it('serves deposits, identity checks and loans to reviewers, withdrawals to finance', async () => {
    for (const kind of ['deposit', 'kyc', 'loan']) {
      expect((await list(kind, members.reviewer)).statusCode).toBe(200);
      expect((await list(kind, members.finance)).json().code).toBe('11160');
    }
    expect((await list('withdrawal', members.finance)).statusCode).toBe(200);
    expect((await list('withdrawal', members.reviewer)).json().code).toBe('11160');
  });

  it('refuses a reviewer approving a withdrawal and finance approving a deposit', async () => {
    const approve = (kind: string, token: string) =>
      server.app.inject({
        method: 'POST',
        url: `/swx/admin/reviews/${kind}/1/approve`,
        headers: { authorization: token },
        payload: {},
      });
    expect((await approve('withdrawal', members.reviewer)).json().code).toBe('11160');
    expect((await approve('deposit', members.finance)).json().code).toBe('11160');
  });
});
