import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createRootStore, type SessionUser } from '@swx/shared';
import { registerShellStrings } from '../locales';
import { RemoteDirectoryStore } from '../module-area/remote-directory';
import { createNavigationBridge } from '../navigation-bridge';
import { ShellProviders, ShellRoutes } from '../shell-app';

/** A Storage kept in memory, so each test starts with its own localStorage and sessionStorage. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** An answer that is a refusal rather than a result: `{ [refusal]: 401 }`. */
export const refusal = Symbol('refusal');

/**
 * The customer API as the shell sees it: every call is recorded; `answers` maps a path (without the
 * /swx/customer base) to its result (or a refusal), anything else fails the way an absent route would.
 */
export function fakeApi(answers: Record<string, unknown> = {}) {
  const calls: ApiCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/swx\/customer/, '');
    calls.push({
      method: init?.method ?? 'GET',
      path,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const known = Object.prototype.hasOwnProperty.call(answers, path);
    const answer = answers[path] as { [refusal]?: number } | undefined;
    const refused = known && typeof answer === 'object' && answer !== null ? answer[refusal] : undefined;
    if (refused) {
      const body = { code: String(refused), message: 'Refused', result: null };
      return { status: refused, ok: false, text: async () => JSON.stringify(body) } as Response;
    }
    const payload = known
      ? { code: '200', message: '', result: answers[path] }
      : { code: '404', message: 'Not found', result: null };
    return { status: known ? 200 : 404, ok: known, text: async () => JSON.stringify(payload) } as Response;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export interface RenderShellOptions {
  path?: string;
  signedIn?: boolean;
  demo?: boolean;
  answers?: Record<string, unknown>;
  session?: MemoryStorage;
}

export const customer: SessionUser = {
  id: '7',
  username: 'alice',
  email: 'alice@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  virtualStatus: '0',
  inviteCode: 'ALICE7',
  kycStatus: 'unverified',
  accountMode: 'real',
  oneClickTrading: false,
};

/** Renders the whole shell (chrome + module areas) at `path` with a real root store on a fake API. */
export function renderShell(options: RenderShellOptions = {}) {
  const storage = new MemoryStorage();
  const sessionStorage = options.session ?? new MemoryStorage();
  if (options.signedIn) {
    storage.setItem('token', 'token-1');
    storage.setItem('userInfo', JSON.stringify(customer));
  }
  storage.setItem('virtualStatus', options.demo ? '1' : '0');
  const api = fakeApi(options.answers);
  const { navigate, NavigationBridge } = createNavigationBridge();
  const location = { pathname: options.path ?? '/' };
  function LocationProbe() {
    location.pathname = useLocation().pathname;
    return null;
  }
  const root = createRootStore({
    storage,
    sessionStorage,
    fetch: api.fetch,
    language: 'en',
    navigate,
    currentPath: () => location.pathname,
  });
  registerShellStrings(root.i18n);
  const directory = new RemoteDirectoryStore();
  const view = render(
    <ShellProviders root={root} directory={directory}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <NavigationBridge />
        <ShellRoutes />
        <LocationProbe />
      </MemoryRouter>
    </ShellProviders>,
  );
  /** Where the shell's router is now. */
  const currentPath = () => location.pathname;
  return { ...view, root, currentPath, api, storage, sessionStorage, directory };
}

/** Makes `matchMedia` answer like a phone-sized (mobile) or desktop window. */
export function setViewport(kind: 'mobile' | 'desktop') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: kind === 'mobile' && query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
