import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createRootStore, setRootStore, type RootStore } from '@swx/shared';
import type { MarketInfo, MarketListItem } from '@swx/shared/contract';

/** A catalogue refusal the fake server answers with (e.g. `new Refusal('11061')`). */
export class Refusal {
  constructor(
    readonly code: string,
    readonly status = 422,
    readonly message = 'refused',
  ) {}
}

/** One recorded API call. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => unknown;

/** A fake customer API: `'GET /index/listMarketAll'` → result (or a function of the call, or an Error). */
export type FakeRoutes = Record<string, unknown>;

class SilentSocket {
  static OPEN = 1;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  send(): void {}
  close(): void {}
}

/**
 * A real root store (the SDK's client, session and market store) whose fetch answers from `routes` in the
 * server's envelope. Unit tests only: the e2e suite runs against the real server.
 */
export function createFakeSite(routes: FakeRoutes, options: { signedIn?: boolean } = {}) {
  const calls: ApiCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/swx\/customer/, '');
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const entry = routes[`${method} ${path}`];
    const answer = typeof entry === 'function' ? (entry as Handler)(call) : entry;
    if (answer === undefined) return jsonResponse(404, { code: '404', message: 'Not found', result: null });
    if (answer instanceof Refusal)
      return jsonResponse(answer.status, { code: answer.code, message: answer.message, result: null });
    if (answer instanceof Error)
      return jsonResponse(500, { code: '500', message: answer.message, result: null });
    return jsonResponse(200, { code: '200', message: '', result: answer });
  });
  localStorage.clear();
  const root = createRootStore({
    fetch: fetch as unknown as typeof globalThis.fetch,
    WebSocket: SilentSocket as never,
    language: 'en',
    navigate: () => undefined,
  });
  if (options.signedIn)
    root.session.login('test-token', {
      id: '1',
      username: 'ana',
      email: 'ana@example.com',
      createdAt: '2026-11-01T00:00:00.000Z',
      virtualStatus: '1',
      inviteCode: 'ANA123',
      kycStatus: 'unverified',
      accountMode: 'demo',
    });
  return { root, calls, fetch };
}

function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return { status, ok: status < 400, text: async () => text, json: async () => body } as unknown as Response;
}

/** Where the router is now, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderScreen(root: RootStore, element: ReactElement, path = '/'): RenderResult {
  return render(
    <I18nextProvider i18n={root.i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

export function resetRoot(root: RootStore | undefined): void {
  root?.dispose();
  setRootStore(null);
}

/** A listed market as the server sends it; prices are whatever the test says the feed published. */
export function listItem(code: string, type: number, fields: Partial<MarketListItem> = {}): MarketListItem {
  return {
    code,
    type,
    id: String(code.length + type),
    appName: code,
    logo: `/swx/customer/index/logo/${code}.svg`,
    price: '100.00',
    nowPrice: '100.00',
    zdf: '0.00',
    hundred: ['99.50', '100.00'],
    openNow: true,
    ...fields,
  };
}

/** The facts of a market as `getMarketInfo` answers them. */
export function marketInfo(code: string, fields: Partial<MarketInfo> = {}): MarketInfo {
  return {
    id: '1',
    code,
    type: 2,
    appName: code,
    baseAsset: code.replace(/USDT$/, ''),
    quoteAsset: 'USDT',
    logo: '',
    price: '100.00',
    zdf: '0.50',
    previousClose: '99.50',
    dayOpen: '99.50',
    lastTick: { price: '100.00', time: Date.parse('2026-11-22T10:00:00Z'), seq: '7' },
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '1',
    leverages: [1, 2, 5, 10, 20],
    tradable: { spot: true, margin: true, options: true },
    openNow: true,
    tradingHours: {
      calendarId: 'crypto-24x7',
      timezone: 'UTC',
      description: 'Always open',
      sessions: [],
      alwaysOpen: true,
    },
    simulated: true,
    feed: 'simulated',
    ...fields,
  };
}
