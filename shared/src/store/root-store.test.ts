import { autorun } from 'mobx';
import { createRootStore, getRootStore, RootStore, setRootStore, type RootStoreOptions } from './root-store';
import type { WebSocketFactory } from '../socket/socket-client';
import type { SessionUser } from './session-store';
import { languageReady } from '../i18n/language-loading';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  snapshot() {
    return Object.fromEntries(this.values);
  }
}

const okAnswer = {
  status: 200,
  ok: true,
  text: async () => '{"code":"200","message":"Success","result":null}',
} as Response;

function setup(overrides: Partial<RootStoreOptions> = {}) {
  const storage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const navigate = jest.fn();
  const fetch = jest.fn(async () => okAnswer);
  const store = createRootStore({
    storage,
    sessionStorage,
    navigate,
    fetch: fetch as unknown as typeof globalThis.fetch,
    currentPath: () => '/trading?code=BTCUSDT',
    language: 'en',
    ...overrides,
  });
  return { store, storage, sessionStorage, navigate, fetch };
}

const user: SessionUser = {
  id: '1',
  username: 'ada',
  email: 'ada@example.com',
  kycStatus: 'unverified',
  inviteCode: 'K7M2QX9D',
  virtualStatus: '0',
  accountMode: 'real',
  oneClickTrading: false,
  createdAt: '2026-11-22T15:00:00.000Z',
};

afterEach(() => {
  try {
    getRootStore().dispose();
  } catch {
    // no store in this test
  }
  setRootStore(null);
});

describe('root store', () => {
  it('is the singleton getRootStore returns, and getRootStore throws before one exists', () => {
    setRootStore(null);
    expect(() => getRootStore()).toThrow(/createRootStore/);
    const { store } = setup();
    expect(getRootStore()).toBe(store);
    const other = new RootStore({ storage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
    setRootStore(other);
    expect(getRootStore()).toBe(other);
    other.dispose();
  });

  it('writes exactly the seed local keys on login and logout', () => {
    const { store, storage } = setup();
    expect(store.session.isLoggedIn).toBe(false);
    store.session.login('tok', user);
    expect(store.session.isLoggedIn).toBe(true);
    // The mode comes with the customer record, so virtualStatus is written too.
    expect(storage.snapshot()).toEqual({
      token: 'tok',
      userInfo: JSON.stringify(user),
      isLogin: 'true',
      virtualStatus: '0',
    });
    store.session.logout();
    expect(storage.snapshot()).toEqual({ isLogin: 'false', virtualStatus: '0' });
    expect(store.session.userInfo).toBeNull();
  });

  it('restores the session from storage', () => {
    const storage = new MemoryStorage();
    storage.setItem('token', 'kept');
    storage.setItem('userInfo', JSON.stringify(user));
    storage.setItem('isLogin', 'true');
    const { store } = setup({ storage });
    expect(store.session.token).toBe('kept');
    expect(store.session.userInfo).toEqual(user);
  });

  it('stores language, virtualStatus and klinedatamark under the seed keys, showBoard in sessionStorage', async () => {
    const { store, storage, sessionStorage } = setup();
    store.settings.setLanguage('de');
    await store.settings.setAccountMode('demo');
    store.settings.setKlineMark('15m');
    store.settings.hideBoard();
    expect(storage.snapshot()).toEqual({ language: 'de', virtualStatus: '1', klinedatamark: '15m' });
    expect(sessionStorage.snapshot()).toEqual({ showBoard: 'false' });
    await store.settings.setAccountMode('real');
    expect(storage.getItem('virtualStatus')).toBe('0');
  });

  it('reads the stored language and account mode back', () => {
    const storage = new MemoryStorage();
    storage.setItem('language', 'ar');
    storage.setItem('virtualStatus', '1');
    const sessionStorage = new MemoryStorage();
    sessionStorage.setItem('showBoard', 'false');
    const { store } = setup({ storage, sessionStorage });
    expect(store.settings.language).toBe('ar');
    expect(store.settings.dir).toBe('rtl');
    expect(store.i18n.language).toBe('ar');
    expect(store.settings.isDemo).toBe(true);
    expect(store.settings.showBoard).toBe(false);
  });

  it('derives the direction from the language and switches i18n with it once its strings are in', async () => {
    const { store } = setup();
    const dirs: string[] = [];
    const dispose = autorun(() => dirs.push(store.settings.dir));
    store.settings.setLanguage('ar');
    store.settings.setLanguage('zh-TW');
    dispose();
    expect(dirs).toEqual(['ltr', 'rtl', 'ltr']);
    expect(store.i18n.language).toBe('en'); // the strings are still being fetched
    await languageReady(store.i18n, 'zh-TW');
    await languageReady(store.i18n, 'ar');
    expect(store.i18n.language).toBe('zh-TW'); // the last choice wins, whichever arrives first
    expect(store.i18n.t('copy.success')).toBe('複製成功');
  });

  it('takes over the mode stored on the server when the customer signs in', () => {
    const { store, storage, fetch } = setup();
    store.session.login('tok', { ...user, accountMode: 'demo', virtualStatus: '1' });
    expect(store.settings.accountMode).toBe('demo');
    expect(storage.getItem('virtualStatus')).toBe('1');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('switches account mode locally, and POSTs /user/accountMode only when logged in', async () => {
    const { store, fetch } = setup();
    await store.settings.setAccountMode('demo');
    expect(store.settings.accountMode).toBe('demo');
    expect(fetch).not.toHaveBeenCalled();
    store.session.login('tok', user);
    await store.settings.setAccountMode('real');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/swx/customer/user/accountMode');
    expect(init.body).toBe('{"mode":"real"}');
    expect((init.headers as Record<string, string>).virtually).toBe('YES');
  });

  it('wires the API client to the session and the mode', async () => {
    const { store, fetch } = setup();
    store.session.login('tok', user);
    await store.settings.setAccountMode('demo');
    await store.api.call('trading.listMargin');
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'tok', virtually: 'NO' });
  });

  it('clears the session and goes to login with a redirect on a 401', async () => {
    const unauthorized = {
      status: 401,
      ok: false,
      text: async () => '{"code":"401","message":"x","result":null}',
    } as Response;
    const { store, navigate, storage } = setup({
      fetch: (async () => unauthorized) as unknown as typeof fetch,
    });
    store.session.login('tok', user);
    await expect(store.api.call('notifications.unreadCount')).rejects.toMatchObject({ code: '401' });
    expect(store.session.isLoggedIn).toBe(false);
    expect(storage.getItem('isLogin')).toBe('false');
    expect(navigate).toHaveBeenCalledWith('/pass/login?redirect=%2Ftrading%3Fcode%3DBTCUSDT');
  });

  it('ignores a 401 for a token the customer already left (a request answered after signing out)', async () => {
    let answer: (response: Response) => void = () => {};
    const { store, navigate, storage } = setup({
      fetch: (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch,
    });
    store.session.login('tok', user);
    const late = store.api.call('notifications.unreadCount');
    // The account is closed (or the customer signs out) while that request is on its way.
    store.session.logout();
    answer({
      status: 401,
      ok: false,
      text: async () => '{"code":"401","message":"x","result":null}',
    } as Response);
    await expect(late).rejects.toMatchObject({ code: '401' });
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getItem('isLogin')).toBe('false');

    // A new sign-in is not undone by the old session's late answer either.
    store.session.login('tok2', user);
    store.session.handleUnauthorized('tok');
    expect(store.session.isLoggedIn).toBe(true);
  });

  it('does not redirect to login from the login page itself', () => {
    const { store, navigate } = setup({ currentPath: () => '/pass/login?redirect=%2F' });
    store.session.handleUnauthorized();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the last 100 prices per code and seeds from the server history', () => {
    const { store } = setup();
    const hundred = Array.from({ length: 120 }, (_, index) => String(100 + index));
    store.market.seed('BTCUSDT', hundred, { price: '219', zdf: '1.5' });
    expect(store.market.history('BTCUSDT')).toHaveLength(100);
    expect(store.market.history('BTCUSDT')[0]).toBe('120');
    expect(store.market.price('BTCUSDT')).toBe('219');
    store.market.applyTicks([{ code: 'BTCUSDT', price: '220.5', zdf: '1.6', time: 1 }]);
    expect(store.market.price('BTCUSDT')).toBe('220.5');
    expect(store.market.zdf('BTCUSDT')).toBe('1.6');
    const history = store.market.history('BTCUSDT');
    expect(history).toHaveLength(100);
    expect(history[99]).toBe('220.5');
    expect(history[0]).toBe('121');
    expect(store.market.history('NONE')).toEqual([]);
    expect(store.market.price('NONE')).toBeUndefined();
  });

  it('keeps exactly the latest 100 prices through many ticks, with live ticks kept over a later seed', () => {
    const { store } = setup();
    for (let i = 0; i < 250; i += 1)
      store.market.applyTicks([{ code: 'ETHUSDT', price: String(i), zdf: '0', time: i }]);
    const history = store.market.history('ETHUSDT');
    expect(history).toEqual(Array.from({ length: 100 }, (_, i) => String(150 + i)));
    // Same array until the next tick (observers comparing props see no change), a new one after it.
    expect(store.market.history('ETHUSDT')).toBe(history);
    store.market.seed('ETHUSDT', ['1', '2', '3']);
    expect(store.market.history('ETHUSDT')).toHaveLength(100);
    expect(store.market.history('ETHUSDT').at(-1)).toBe('249');
    const fresh = Array.from({ length: 10 }, (_, i) => String(i));
    store.market.seed('SOLUSDT', fresh);
    store.market.applyTicks([{ code: 'SOLUSDT', price: '10', zdf: '0', time: 1 }]);
    expect(store.market.history('SOLUSDT')).toEqual([...fresh, '10']);
    expect(history).toHaveLength(100);
  });

  it('tells an observer of one code about that code’s history only', () => {
    const { store } = setup();
    const seen: number[] = [];
    const dispose = autorun(() => seen.push(store.market.history('A').length));
    store.market.applyTicks([{ code: 'B', price: '1', zdf: '0', time: 1 }]);
    store.market.applyTicks([{ code: 'A', price: '1', zdf: '0', time: 1 }]);
    store.market.applyTicks([
      { code: 'A', price: '2', zdf: '0', time: 1 },
      { code: 'B', price: '2', zdf: '0', time: 1 },
    ]);
    dispose();
    expect(seen).toEqual([0, 1, 2]);
  });

  it('applies a batch of ticks as one action', () => {
    const { store } = setup();
    let runs = 0;
    const dispose = autorun(() => {
      store.market.price('A');
      store.market.price('B');
      runs += 1;
    });
    store.market.applyTicks([
      { code: 'A', price: '1', zdf: '0', time: 1 },
      { code: 'B', price: '2', zdf: '0', time: 1 },
    ]);
    dispose();
    expect(runs).toBe(2);
  });

  it('knows whether the feed is simulated (a replayed recording is simulated too)', () => {
    const { store } = setup();
    expect(store.market.isSimulated).toBe(false);
    store.market.setFeed({ feed: 'simulated', simulated: true });
    expect(store.market.isSimulated).toBe(true);
    store.market.setFeed({ feed: 'replay', simulated: true });
    expect(store.market.isSimulated).toBe(true);
  });

  it('asks the server for the feed status once per page, however many callers ask', async () => {
    const answer = {
      status: 200,
      ok: true,
      text: async () => '{"code":"200","message":"","result":{"feed":"replay","simulated":true}}',
    } as Response;
    const fetch = jest.fn(async (_url: string) => answer);
    const { store } = setup({ fetch: fetch as unknown as typeof globalThis.fetch });
    const feedCalls = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/index/feedStatus'));
    await Promise.all([store.loadFeedStatus(), store.loadFeedStatus()]);
    await store.loadFeedStatus();
    expect(feedCalls()).toHaveLength(1);
    expect(store.market.feed).toEqual({ feed: 'replay', simulated: true });
    expect(store.market.isSimulated).toBe(true);
  });

  it('leaves the feed unknown after a failed request and asks again on the next call', async () => {
    let fail = true;
    const fetch = jest.fn(async () =>
      fail
        ? ({
            status: 503,
            ok: false,
            text: async () => '{"code":"503","message":"","result":null}',
          } as Response)
        : ({
            status: 200,
            ok: true,
            text: async () => '{"code":"200","message":"","result":{"feed":"simulated","simulated":true}}',
          } as Response),
    );
    const { store } = setup({ fetch: fetch as unknown as typeof globalThis.fetch });
    await store.loadFeedStatus();
    expect(store.market.feed).toBeNull();
    expect(store.market.isSimulated).toBe(false);
    fail = false;
    await store.loadFeedStatus();
    expect(store.market.isSimulated).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps a change the feed does not know as null, not 0, and says when a code has no tick yet', () => {
    const { store } = setup();
    expect(store.market.zdf('BTCUSDT')).toBeUndefined();
    store.market.applyTicks([{ code: 'BTCUSDT', price: '100', zdf: null, time: 1 }]);
    expect(store.market.zdf('BTCUSDT')).toBeNull();
    expect(store.market.quote('BTCUSDT')).toEqual({ price: '100', changePercent: null });
    store.market.seed('ETHUSDT', ['1'], { price: '1', zdf: null });
    expect(store.market.zdf('ETHUSDT')).toBeNull();
    store.market.applyTicks([{ code: 'BTCUSDT', price: '101', zdf: '0.5', time: 2 }]);
    expect(store.market.zdf('BTCUSDT')).toBe('0.5');
  });

  it('reconnects the socket when the token changes and counts notifications from account events', () => {
    const sockets: { url: string; instance: Record<string, unknown> }[] = [];
    class Fake {
      readyState = 0;
      onopen: ((event: Event) => void) | null = null;
      onclose: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      constructor(readonly url: string) {
        sockets.push({ url, instance: this as unknown as Record<string, unknown> });
      }
      sent: string[] = [];
      send(data: string) {
        this.sent.push(data);
      }
      close() {}
    }
    const { store } = setup({ WebSocket: Fake as unknown as WebSocketFactory, socketUrl: 'ws://h/message' });
    store.socket.start();
    expect(sockets.map((socket) => socket.url)).toEqual(['ws://h/message']);
    store.session.login('tok', user);
    // The token is never in the URL: the new socket signs in with its first message.
    expect(sockets.map((socket) => socket.url)).toEqual(['ws://h/message', 'ws://h/message']);
    const live = sockets[1]!.instance as unknown as Fake;
    live.readyState = 1;
    live.onopen?.(new Event('open'));
    expect(live.sent.map((data) => JSON.parse(data))).toEqual([{ op: 'auth', token: 'tok' }]);
    live.onmessage?.({ data: JSON.stringify({ type: 'notification', id: 'n1', title: 'Approved' }) });
    live.onmessage?.({ data: JSON.stringify({ type: 'notification', id: 'n1', title: 'Approved' }) });
    live.onmessage?.({ data: JSON.stringify({ type: 'order.filled', id: 'o1' }) });
    expect(store.notifications.unreadCount).toBe(1);
    expect(store.notifications.items[0]).toMatchObject({ id: 'n1' });
    store.session.logout();
    expect(store.notifications.unreadCount).toBe(0);
    expect(sockets).toHaveLength(3);
  });

  it('attaches and detaches feature stores', () => {
    const { store } = setup();
    const trading = { name: 'trading' };
    store.attach('trading', trading);
    expect(store.feature('trading')).toBe(trading);
    store.detach('trading');
    expect(store.feature('trading')).toBeUndefined();
  });
});
