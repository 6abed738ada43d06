import { createTestServer, type TestServer } from '../../test/harness';
import { isStaffPath, staffNetworkAllows, staffNetworksFrom } from '../staff-network';

/**
 * STAFF_ALLOWED_CIDRS (issue 26, item 6): the back office's API and pages answer only the listed networks,
 * the client's address taken through the trusted proxy (TRUST_PROXY); customers are not affected.
 */
describe('the staff network rule', () => {
  it('reads addresses and CIDR ranges, IPv4 and IPv6, and refuses anything else at start-up', () => {
    expect(staffNetworksFrom(undefined)).toBeUndefined();
    expect(staffNetworksFrom(' ')).toBeUndefined();
    expect(staffNetworksFrom('10.20.0.0/16, 192.0.2.7 ,2001:db8::/32')).toEqual([
      '10.20.0.0/16',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    for (const bad of ['10.20.0.0/33', '10.20.0/16', 'office', '2001:db8::/129', '10.0.0.1/x'])
      expect(() => staffNetworksFrom(bad)).toThrow(/STAFF_ALLOWED_CIDRS/);
  });

  it('matches addresses inside the networks only, IPv4 clients on a dual-stack socket included', () => {
    const networks = ['10.20.0.0/16', '192.0.2.7', '2001:db8::/32'];
    for (const inside of ['10.20.0.1', '10.20.255.254', '192.0.2.7', '::ffff:10.20.3.4', '2001:db8::1'])
      expect([inside, staffNetworkAllows(networks, inside)]).toEqual([inside, true]);
    for (const outside of ['10.21.0.1', '192.0.2.8', '::ffff:10.21.0.1', '2001:db9::1', 'garbage', ''])
      expect([outside, staffNetworkAllows(networks, outside)]).toEqual([outside, false]);
  });

  it('covers /swx/admin and /staff, and nothing that merely starts with the same letters', () => {
    for (const path of ['/swx/admin', '/swx/admin/login', '/staff', '/staff/team', '/staff?x=1'])
      expect([path, isStaffPath(path)]).toEqual([path, true]);
    for (const path of ['/staffing', '/swx/administer', '/swx/customer/login', '/'])
      expect([path, isStaffPath(path)]).toEqual([path, false]);
  });
});

describe('a server with STAFF_ALLOWED_CIDRS behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      env: { STAFF_ALLOWED_CIDRS: '10.20.0.0/16', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => server.close());

  const from = (url: string, remoteAddress: string, forwardedFor?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload: { username: 'nobody', password: 'Wrong-password-1' },
      remoteAddress,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });

  it('refuses the staff API from other networks with 11314, before any route runs', async () => {
    const refused = await from('/swx/admin/login', '10.30.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: '11314', result: null });
    // Inside the network the sign-in runs (and refuses the wrong password).
    expect((await from('/swx/admin/login', '10.20.4.5')).json().code).toBe('11042');
  });

  it('takes the client address from the trusted proxy, and ignores X-Forwarded-For from anyone else', async () => {
    expect((await from('/swx/admin/login', '127.0.0.1', '10.20.7.7')).json().code).toBe('11042');
    expect((await from('/swx/admin/login', '127.0.0.1', '198.51.100.9')).json().code).toBe('11314');
    // A client outside cannot claim an inside address.
    expect((await from('/swx/admin/login', '198.51.100.9', '10.20.7.7')).json().code).toBe('11314');
  });

  it('covers the back office pages too, and leaves customers alone', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/staff/team', remoteAddress: '10.30.0.1' });
    expect(page.statusCode).toBe(403);
    const customer = await server.app.inject({
      method: 'GET',
      url: '/swx/customer/index/getParamByKey/down_url',
      remoteAddress: '10.30.0.1',
    });
    expect(customer.statusCode).toBe(200);
  });
});
