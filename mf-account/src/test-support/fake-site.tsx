import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createRootStore, setRootStore, type RootStore } from '@swx/shared';
import { accountResources, namespace } from '../i18n';
import { registerNamespace } from '@swx/shared';

/** One recorded API call. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** A refusal the fake API answers with, in the server's envelope. */
export class Refusal {
  constructor(
    readonly code: string,
    readonly status = 422,
  ) {}
}

type Handler = (call: ApiCall) => unknown;

/** A fake customer API: `'GET /user/invite'` → result (or a function of the call, a Refusal or an Error). */
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
 * A real root store (the SDK's client, session, settings and notifications) whose fetch answers from `routes`
 * in the server's envelope. Unit tests only: the e2e suite runs against the real server.
 */
export function createFakeSite(
  routes: FakeRoutes,
  options: { signedIn?: boolean; mode?: 'demo' | 'real' } = {},
) {
  const calls: ApiCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/swx\/customer/, '');
    const body = init?.body;
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof body === 'string' ? JSON.parse(body) : body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const entry = routes[`${method} ${path}`];
    const answer = typeof entry === 'function' ? (entry as Handler)(call) : entry;
    if (answer === undefined) return jsonResponse(404, { code: '404', message: 'Not found', result: null });
    if (answer instanceof Refusal)
      return jsonResponse(answer.status, { code: answer.code, message: 'refused', result: null });
    if (answer instanceof Error)
      return jsonResponse(500, { code: '500', message: answer.message, result: null });
    const success = answer as { successCode?: string; result?: unknown };
    if (success && typeof success === 'object' && 'successCode' in success && 'result' in success)
      return jsonResponse(200, { code: '200', message: success.successCode, result: success.result });
    return jsonResponse(200, { code: '200', message: '', result: answer });
  });
  localStorage.clear();
  if (options.mode === 'real') localStorage.setItem('virtualStatus', '0');
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
      virtualStatus: options.mode === 'real' ? '0' : '1',
      inviteCode: 'ANA123',
      kycStatus: 'unverified',
      accountMode: options.mode ?? 'demo',
    });
  if (options.mode) root.settings.adoptAccountMode(options.mode);
  registerNamespace(root.i18n, namespace, accountResources);
  setRootStore(root);
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
