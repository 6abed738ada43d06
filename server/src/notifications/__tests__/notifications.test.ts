import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  bob = await server.customer();
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const notify = (who: SignedUpCustomer, n: number) =>
  server.services.notifications.notify(who.userId, {
    kind: 'order.filled',
    titleKey: 'notifications.order.filled.title',
    params: { code: 'BTCUSDT', n },
    reference: { type: 'spot_order', id: String(n) },
  });

describe('notifications', () => {
  it('stores i18n keys and params, pushes them live, and counts unread', async () => {
    server.events.length = 0;
    const created = await notify(alice, 1);
    expect(server.events).toContainEqual({
      userId: alice.userId,
      event: expect.objectContaining({ type: 'notification', id: created.id, kind: 'order.filled' }),
    });
    const list = await server.call(alice, 'GET', '/user/notifications');
    expect(list.result.items[0]).toMatchObject({
      id: created.id,
      titleKey: 'notifications.order.filled.title',
      bodyKey: null,
      params: { code: 'BTCUSDT', n: 1 },
      referenceType: 'spot_order',
      read: false,
    });
    expect((await server.call(alice, 'GET', '/user/notifications/unreadCount')).result.unread).toBe(1);
  });

  it('pages newest first', async () => {
    for (let i = 2; i <= 6; i += 1) await notify(alice, i);
    const first = await server.call(alice, 'GET', '/user/notifications?pageSize=4');
    expect(first.result.items).toHaveLength(4);
    expect(first.result.hasMore).toBe(true);
    expect(first.result.items[0].params.n).toBe(6);
    const second = await server.call(alice, 'GET', '/user/notifications?pageSize=4&page=2');
    expect(second.result.items.map((i: { params: { n: number } }) => i.params.n)).toEqual([2, 1]);
    expect(second.result.hasMore).toBe(false);
  });

  it('marks given ids or all as read, and never another customer’s', async () => {
    const bobs = await notify(bob, 100);
    const list = await server.call(alice, 'GET', '/user/notifications');
    const ids = list.result.items.slice(0, 2).map((i: { id: string }) => i.id);
    const marked = await server.call(alice, 'POST', '/user/notifications/read', { ids: [...ids, bobs.id] });
    expect(marked.result).toEqual({ marked: 2, unread: 4 });
    expect((await server.call(bob, 'GET', '/user/notifications/unreadCount')).result.unread).toBe(1);
    const bobList = await server.call(bob, 'GET', '/user/notifications');
    expect(bobList.result.items.map((i: { id: string }) => i.id)).toEqual([bobs.id]);
    const all = await server.call(alice, 'POST', '/user/notifications/read', { all: true });
    expect(all.result).toEqual({ marked: 4, unread: 0 });
    expect((await server.call(bob, 'GET', '/user/notifications')).result.items[0].read).toBe(false);
  });

  it('refuses malformed bodies and needs a session', async () => {
    expect((await server.call(alice, 'POST', '/user/notifications/read', { ids: ['x'] })).code).toBe('400');
    expect((await server.call(alice, 'POST', '/user/notifications/read', { all: false })).code).toBe('400');
    expect((await server.call(alice, 'POST', '/user/notifications/read', { ids: [] })).code).toBe('400');
    expect((await server.call(null, 'GET', '/user/notifications')).status).toBe(401);
  });
});
