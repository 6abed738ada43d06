import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, type MemoryRouterProps } from 'react-router-dom';
import type { UserInfo } from '../contract/auth';
import { catalogue, isCatalogueCode, type FieldIssue } from '../contract/catalogue';
import type { I18n, Lang } from '../i18n';
import { commonResources } from '../i18n/common-resources';
import { languages } from '../i18n/languages';
import { createRootStore, setRootStore, type RootStore } from '../store';
import { localKeys } from '../store/local-keys';

/** One recorded API call. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A refusal the fake server answers with, in the server's envelope (e.g. `new Refusal('11061')`). The HTTP
 * status is the catalogue's for that code unless the test says otherwise; a code outside the catalogue
 * answers 422.
 */
export class Refusal {
  readonly status: number;

  constructor(
    readonly code: string,
    status?: number,
    readonly message = 'refused',
    /** The envelope's `fields`: which fields the refusal is about (a validation failure). */
    readonly fields?: FieldIssue[],
  ) {
    this.status = status ?? (isCatalogueCode(code) ? catalogue[code].status : 422);
  }

  /** The envelope the server answers this refusal with. */
  get envelope() {
    return {
      code: this.code,
      message: this.message,
      result: null,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

/** A successful answer with a message (a success code such as '20005'), as `ok()` builds it. */
export class Success {
  constructor(
    readonly result: unknown,
    readonly message = '',
  ) {}
}

/** A successful answer as the server sends it: `{ code: '200', message, result }`. */
export function ok(result: unknown, message = ''): Success {
  return new Success(result, message);
}

/**
 * A fake customer API: `'GET /index/listMarketAll'` → result, a function of the call, a `Refusal`, an
 * `ok(...)` answer, or an `Error` (answered 500). A route the test did not list answers 404.
 */
export type FakeRoutes = Record<string, unknown>;

type Handler = (call: ApiCall) => unknown;

export interface FakeSiteOptions {
  signedIn?: boolean;
  /** The account mode the customer is in; `'real'` is also what the stored `virtualStatus` says. */
  mode?: 'demo' | 'real';
  language?: Lang;
  /** Fields of the signed-in customer that differ from the default one. */
  user?: Partial<UserInfo>;
  /** Registers the module's strings on the root store's i18n. */
  register?: (i18n: I18n) => void;
}

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

/** The headers as the client set them (a plain record keeps their spelling, e.g. `Idempotency-Key`). */
function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  return { ...headers };
}

function answerWith(answer: unknown): Response {
  if (answer === undefined) return jsonResponse(404, { code: '404', message: 'Not found', result: null });
  if (answer instanceof Refusal) return jsonResponse(answer.status, answer.envelope);
  if (answer instanceof Error)
    return jsonResponse(500, { code: '500', message: answer.message, result: null });
  if (answer instanceof Success)
    return jsonResponse(200, { code: '200', message: answer.message, result: answer.result });
  return jsonResponse(200, { code: '200', message: '', result: answer });
}

/**
 * A real root store (the SDK's client, session, settings, market store and i18n) whose fetch answers from
 * `routes` in the server's envelope. Unit tests only: the e2e suite runs against the real server.
 */
export function createFakeSite(routes: FakeRoutes, options: FakeSiteOptions = {}) {
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
      // JSON bodies parsed; anything else (an upload's FormData) as sent.
      body: typeof body === 'string' ? JSON.parse(body) : (body ?? undefined),
      headers: headerRecord(init?.headers),
    };
    calls.push(call);
    const entry = routes[`${method} ${path}`];
    return answerWith(typeof entry === 'function' ? (entry as Handler)(call) : entry);
  });
  localStorage.clear();
  // The stored mode is read when the root store is built, so a real-mode customer is stored first.
  if (options.mode === 'real') localStorage.setItem(localKeys.virtualStatus, '0');
  const root = createRootStore({
    fetch: fetch as unknown as typeof globalThis.fetch,
    WebSocket: SilentSocket as never,
    language: options.language ?? 'en',
    navigate: () => undefined,
  });
  // The page fetches the SDK's strings per language before rendering; a unit test has them all at once.
  for (const lang of languages)
    root.i18n.addResourceBundle(lang, 'common', commonResources[lang], true, true);
  if (options.signedIn) {
    const mode = options.user?.accountMode ?? options.mode ?? 'demo';
    root.session.login('test-token', {
      id: '1',
      username: 'ana',
      email: 'ana@example.com',
      createdAt: '2026-11-01T00:00:00.000Z',
      virtualStatus: mode === 'real' ? '0' : '1',
      inviteCode: 'ANA123',
      kycStatus: 'unverified',
      accountMode: mode,
      oneClickTrading: false,
      ...options.user,
    });
  }
  if (options.mode) root.settings.adoptAccountMode(options.mode);
  options.register?.(root.i18n);
  return { root, calls, fetch };
}

/**
 * `createFakeSite` for one module: its strings registered on every fake site (a module's test-support file
 * exports `createFakeSite = fakeSiteWithStrings(registerItsStrings)`).
 */
export function fakeSiteWithStrings(register: (i18n: I18n) => void) {
  return (routes: FakeRoutes, options: Omit<FakeSiteOptions, 'register'> = {}) =>
    createFakeSite(routes, { ...options, register });
}

/** Where the router is now, for assertions on navigation (not an `<output>`: that is a live status). */
function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/** A path, or a location with router state (what one page hands the next). */
export type Entry = NonNullable<MemoryRouterProps['initialEntries']>[number];

/** Renders `element` on every path, with the root store's i18n and a location probe for assertions. */
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

/** Stops the root store's socket and reactions and clears the installed store (call after each test). */
export function resetRoot(root: RootStore | undefined): void {
  root?.dispose();
  setRootStore(null);
}

/** The input labelled exactly `label` (a required field's label ends in an asterisk hidden from readers). */
export function field(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}\\*?$`));
}
