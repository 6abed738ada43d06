import type { AccountMode } from '../contract/common';
import type { BuyUBody, RechargeBody, RegisterBody } from '../contract';
import { ApiError } from './api-error';
import { buildQuery, createApiClient, createStaffApiClient, type ApiClientOptions } from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function answer(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, ok: status >= 200 && status < 300, text: async () => text } as Response;
}

function setup(
  overrides: Partial<ApiClientOptions> = {},
  reply: () => Promise<Response> | Response = () =>
    answer(200, { code: '200', message: 'Success', result: { ok: true } }),
) {
  const calls: Call[] = [];
  let mode: AccountMode = 'real';
  let token: string | null = 'tok-1';
  const onUnauthorized = jest.fn();
  const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return reply();
  });
  const client = createApiClient({
    getToken: () => token,
    getMode: () => mode,
    onUnauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...overrides,
  });
  return {
    client,
    calls,
    onUnauthorized,
    setMode: (next: AccountMode) => (mode = next),
    setToken: (next: string | null) => (token = next),
  };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('API client', () => {
  it('sends the token and `virtually: YES` for the real account, `NO` for the demo account', async () => {
    const { client, calls, setMode } = setup();
    await client.call('markets.list');
    expect(headersOf(calls[0]).Authorization).toBe('tok-1');
    expect(headersOf(calls[0]).virtually).toBe('YES');
    setMode('demo');
    await client.call('trading.buyMargin', { body: { code: 'BTCUSDT' } as BuyUBody });
    expect(headersOf(calls[1]).virtually).toBe('NO');
  });

  it('sends no Authorization header when logged out', async () => {
    const { client, calls, setToken } = setup();
    setToken(null);
    await client.call('markets.list');
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
  });

  it('puts the base path in front and repeats keys for GET arrays', async () => {
    const { client, calls } = setup();
    await client.call('trading.listMargin', { query: { status: ['open', 'closed'] } });
    expect(calls[0]?.url).toBe('/swx/customer/order/listUOrder?status=open&status=closed');
    expect(calls[0]?.init.method).toBe('GET');
    expect(buildQuery({ type: [2, 3] })).toBe('?type=2&type=3');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ page: 2, empty: undefined, none: null })).toBe('?page=2');
  });

  it('sends DELETE with query parameters and no body', async () => {
    const { client, calls } = setup();
    await client.call('markets.unwatch', { query: { code: 'BTCUSDT' } });
    expect(calls[0]!.url).toBe('/swx/customer/user/watchlist?code=BTCUSDT');
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('posts JSON with the idempotency key when given', async () => {
    const { client, calls } = setup({ baseUrl: 'https://api.example/swx/customer/' });
    await client.call(
      'cashier.recharge',
      { body: { amount: '120.5' } as RechargeBody },
      { idempotencyKey: 'k-1' },
    );
    expect(calls[0]?.url).toBe('https://api.example/swx/customer/user/recharge');
    expect(calls[0]?.init.body).toBe('{"amount":"120.5"}');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(headersOf(calls[0])['Idempotency-Key']).toBe('k-1');
  });

  it('returns the result of a "200" envelope, and the success code through submit', async () => {
    const { client } = setup({}, () => answer(200, { code: '200', message: '20002', result: { id: '7' } }));
    await expect(client.call('cashier.recharge', { body: {} as RechargeBody })).resolves.toEqual({ id: '7' });
    await expect(client.submit('cashier.recharge', { body: {} as RechargeBody })).resolves.toEqual({
      result: { id: '7' },
      successCode: '20002',
    });
  });

  it('has no success code when the message is plain text', async () => {
    const { client } = setup();
    await expect(client.submit('auth.userInfo')).resolves.toEqual({
      result: { ok: true },
      successCode: null,
    });
  });

  it('throws ApiError with the catalogue code, message and HTTP status on a refusal', async () => {
    const { client } = setup({}, () =>
      answer(409, { code: '10006', message: 'Username already exists', result: null }),
    );
    const error = await client
      .call('auth.register', { body: {} as RegisterBody })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '10006', message: 'Username already exists', status: 409 });
  });

  it('keeps the seconds of a refusal’s Retry-After (a retry whose original is still being processed)', async () => {
    const { client } = setup({}, () => {
      const refused = answer(409, { code: '11190', message: 'still processing', result: null });
      return Object.assign(refused, { headers: new Headers({ 'Retry-After': '17' }) });
    });
    const error = await client
      .call('auth.register', { body: {} as RegisterBody })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '11190', status: 409, retryAfterSeconds: 17 });
  });

  it('calls onUnauthorized on HTTP 401 and then throws', async () => {
    const { client, onUnauthorized } = setup({}, () =>
      answer(401, { code: '401', message: 'Unauthorised', result: null }),
    );
    await expect(client.call('invites.summary')).rejects.toMatchObject({ code: '401', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized on `code: "401"` in a 200 body', async () => {
    const { client, onUnauthorized } = setup({}, () =>
      answer(200, { code: '401', message: 'Please log in', result: null }),
    );
    await expect(client.call('auth.userInfo')).rejects.toMatchObject({ code: '401' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized on HTTP 401 without an envelope', async () => {
    const { client, onUnauthorized } = setup({}, () => answer(401, '<html>denied</html>'));
    await expect(client.call('invites.summary')).rejects.toMatchObject({ code: '401' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('maps an answer that is not an envelope to its status code or to unknown', async () => {
    const { client } = setup({}, () => answer(503, '<html>bad gateway</html>'));
    await expect(client.call('markets.feedStatus')).rejects.toMatchObject({ code: '503', status: 503 });
    const second = setup({}, () => answer(502, ''));
    await expect(second.client.call('markets.feedStatus')).rejects.toMatchObject({
      code: 'unknown',
      status: 502,
    });
  });

  it('reports a network failure with code "network"', async () => {
    const { client } = setup({}, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.call('markets.feedStatus')).rejects.toMatchObject({ code: 'network', status: 0 });
  });

  describe('timeout', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    // A fetch that never answers but honours the abort signal, as browsers do.
    function hangingFetch(calls: RequestInit[]) {
      return ((_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          calls.push(init ?? {});
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        })) as typeof fetch;
    }

    it('aborts after 90 s by default with code "timeout"', async () => {
      const inits: RequestInit[] = [];
      const client = createApiClient({
        getToken: () => null,
        getMode: () => 'real',
        onUnauthorized: jest.fn(),
        fetch: hangingFetch(inits),
      });
      const pending = client.call('markets.list').catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(89_999);
      expect(inits[0]?.signal?.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 'timeout', status: 0, orderCall: false });
    });

    it('marks an order call, whose timeout message sends the customer to the order list', async () => {
      const inits: RequestInit[] = [];
      const client = createApiClient({
        getToken: () => 't',
        getMode: () => 'demo',
        onUnauthorized: jest.fn(),
        fetch: hangingFetch(inits),
        timeoutMs: 1000,
      });
      const pending = client
        .call('trading.buyMargin', { body: {} as BuyUBody }, { orderCall: true })
        .catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(1000);
      await expect(pending).resolves.toMatchObject({ code: 'timeout', orderCall: true });
    });
  });

  it('uploads a file as multipart under the field "file" without a JSON content type', async () => {
    const { client, calls } = setup({}, () =>
      answer(200, { code: '200', message: 'Success', result: { id: '9' } }),
    );
    const file = new File(['abc'], 'proof.png', { type: 'image/png' });
    await expect(client.upload('uploads.uploadImage', file)).resolves.toEqual({ id: '9' });
    const body = calls[0]?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('proof.png');
    expect(headersOf(calls[0])).not.toHaveProperty('Content-Type');
  });

  describe('calls by route key', () => {
    it('fills and encodes path parameters from the route map', async () => {
      const { client, calls } = setup();
      await client.call('trading.receipts', { params: { kind: 'margin', id: '12' } });
      await client.call('markets.info', { params: { codeOrId: 'BRK/B' } });
      expect(calls[0]?.url).toBe('/swx/customer/order/receipt/margin/12');
      expect(calls[0]?.init.method).toBe('GET');
      expect(calls[1]?.url).toBe('/swx/customer/index/getMarketInfo/BRK%2FB');
    });

    it('takes the method from the route map: POST with a body, GET without one', async () => {
      const { client, calls } = setup();
      await client.call('auth.userInfo');
      await client.call('notifications.markRead', { body: { all: true } });
      expect(calls[0]?.init.method).toBe('POST');
      expect(calls[0]?.init.body).toBeUndefined();
      expect(headersOf(calls[0])).not.toHaveProperty('Content-Type');
      expect(calls[1]?.init.body).toBe('{"all":true}');
    });

    it('refuses to call a route whose path parameter is missing, before any request', async () => {
      const { client, calls } = setup();
      const input = { params: {} } as unknown as { params: { id: string } };
      await expect(client.call('content.get', input)).rejects.toThrow('Path parameter id missing');
      expect(calls).toHaveLength(0);
    });

    it('types input and result from the schemas', async () => {
      const { client } = setup({}, () =>
        answer(200, { code: '200', message: 'Success', result: { unread: 3 } }),
      );
      const count: { unread: number } = await client.call('notifications.unreadCount');
      expect(count.unread).toBe(3);
      // @ts-expect-error a route key that does not exist
      await client.call('markets.nope').catch(() => undefined);
      // @ts-expect-error a body field the schema does not have
      await client.call('markets.watch', { body: { market: 'BTCUSDT' } }).catch(() => undefined);
      // @ts-expect-error admin routes are not the customer client's
      await client.call('admin.params').catch(() => undefined);
    });

    it('downloads a file route with the same headers, and refuses with the envelope code', async () => {
      const file = new Blob(['a,b']);
      const csv = { status: 200, ok: true, blob: async () => file } as Response;
      const { client, calls } = setup({}, () => csv);
      const blob = await client.download('records.csv', { query: { currency: 'USDT' } });
      expect(blob).toBe(file);
      expect(calls[0]?.url).toBe('/swx/customer/user/records.csv?currency=USDT');
      expect(headersOf(calls[0])).toMatchObject({ Authorization: 'tok-1', virtually: 'YES' });

      const refused = setup({}, () => answer(401, { code: '401', message: 'x', result: null }));
      await expect(refused.client.download('records.csv')).rejects.toMatchObject({ code: '401' });
      expect(refused.onUnauthorized).toHaveBeenCalledTimes(1);
    });
  });

  describe('staff client', () => {
    it('calls /swx/admin with the staff token and no account mode, and only staff routes', async () => {
      const calls: Call[] = [];
      const onUnauthorized = jest.fn();
      const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(url), init: init ?? {} });
        return answer(200, { code: '200', message: '', result: [] });
      });
      const staff = createStaffApiClient({
        getToken: () => 'staff-tok',
        onUnauthorized,
        fetch: fetch as unknown as typeof globalThis.fetch,
      });
      await staff.call('admin.reviews', { query: { kind: 'deposit', status: 'pending' } });
      expect(calls[0]?.url).toBe('/swx/admin/reviews?kind=deposit&status=pending');
      expect(headersOf(calls[0]).Authorization).toBe('staff-tok');
      expect(headersOf(calls[0]).virtually).toBeUndefined();
      // @ts-expect-error customer routes are not the staff client's
      await staff.call('markets.list').catch(() => undefined);
    });
  });
});
