import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, type MemoryRouterProps } from 'react-router-dom';
import { createRootStore, setRootStore, type Lang, type RootStore } from '@swx/shared';
import { catalogue, isCatalogueCode } from '@swx/shared/contract';
import { registerPassStrings } from '../i18n';

/** One recorded API call. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer the fake server refuses with: the catalogue code and its HTTP status. */
export class Refusal {
  constructor(readonly code: string) {}
}

/** `'POST /login/login'` → result, a function of the call, or a `Refusal`. */
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

function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return { status, ok: status < 400, text: async () => text, json: async () => body } as unknown as Response;
}

/**
 * A real root store (the SDK's client, session and i18n) whose fetch answers from `routes` in the server's
 * envelope. Unit tests only: the e2e suite runs against the real server.
 */
export function createFakeSite(routes: FakeRoutes, options: { language?: Lang } = {}) {
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
    const answer = typeof entry === 'function' ? (entry as (call: ApiCall) => unknown)(call) : entry;
    if (answer === undefined) return jsonResponse(404, { code: '404', message: 'Not found', result: null });
    if (answer instanceof Refusal) {
      const status = isCatalogueCode(answer.code) ? catalogue[answer.code].status : 500;
      return jsonResponse(status, { code: answer.code, message: 'refused', result: null });
    }
    const { result, message = '' } = answer as { result: unknown; message?: string };
    return jsonResponse(200, { code: '200', message, result });
  });
  localStorage.clear();
  const root = createRootStore({
    fetch: fetch as unknown as typeof globalThis.fetch,
    WebSocket: SilentSocket as never,
    language: options.language ?? 'en',
    navigate: () => undefined,
  });
  registerPassStrings(root.i18n);
  return { root, calls, fetch };
}

/** A successful answer as the server sends it. */
export function ok(result: unknown, message = ''): { result: unknown; message: string } {
  return { result, message };
}

export const customer = {
  id: '7',
  username: 'alice_01',
  email: 'alice@example.com',
  kycStatus: 'unverified',
  inviteCode: 'K7M2QX9D',
  virtualStatus: '1',
  accountMode: 'demo',
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;

/** Where the router is now, for assertions on navigation (not an `<output>`: that is a live status). */
function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/** The input labelled exactly `label` (a required field's label ends in an asterisk hidden from readers). */
export function field(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}\\*?$`));
}

/** A path, or a location with router state (what one page hands the next). */
export type Entry = NonNullable<MemoryRouterProps['initialEntries']>[number];

export function renderScreen(root: RootStore, element: ReactElement, path: Entry = '/'): RenderResult {
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
