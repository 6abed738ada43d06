import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastRegion, toaster } from '@swx/shared';
import { fakeSiteWithStrings, Refusal, Success, type ApiCall, type FakeRoutes } from '@swx/shared/testing';
import type { StaffMe, StaffRole } from '@swx/shared/contract';
import type { Lang } from '@swx/shared';
import StaffRoutes from '../routes';
import { registerStaffStrings } from '../i18n';
import { StaffSession, staffTokenKey } from '../session';

export { ok, Refusal, resetRoot, type ApiCall } from '@swx/shared/testing';

/** The SDK's fake site (root store, i18n) with the back office's strings. */
const createRootSite = fakeSiteWithStrings(registerStaffStrings);

function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return { status, ok: status < 400, text: async () => text, json: async () => body } as unknown as Response;
}

/** A file answer (an image, a PDF): what the staff client's `download` reads. */
export class FileAnswer {
  constructor(readonly blob: Blob) {}
}

function answerWith(answer: unknown): Response {
  if (answer === undefined) return jsonResponse(404, { code: '404', message: 'Not found', result: null });
  if (answer instanceof Refusal) return jsonResponse(answer.status, answer.envelope);
  if (answer instanceof FileAnswer)
    return { status: 200, ok: true, blob: async () => answer.blob } as unknown as Response;
  if (answer instanceof Success)
    return jsonResponse(200, { code: '200', message: answer.message, result: answer.result });
  return jsonResponse(200, { code: '200', message: '', result: answer });
}

export function staffMe(roles: StaffRole[], overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    staffId: '7',
    username: 'rita',
    roles,
    totpEnabled: true,
    passwordChangeRequired: false,
    totpReenrolment: false,
    recoveryCodesLeft: 10,
    email: 'rita@staff.swx.test',
    ...overrides,
  };
}

export interface StaffSiteOptions {
  /** Signed in already (a stored staff token that `GET /me` answers for). */
  me?: StaffMe;
  /** The site's language when the back office opens (any of the site's ten). */
  language?: Lang;
}

/**
 * The back office against a fake staff API: `'POST /reviews/deposit/5/approve'` → result, function of the
 * call, `Refusal`, `ok(...)` or `FileAnswer`, answered in the server's envelope. The fetch is the staff
 * client's own, so the tests see exactly what the module sends to `/swx/admin`.
 */
export function createStaffSite(routes: FakeRoutes, options: StaffSiteOptions = {}) {
  const { root } = createRootSite({}, { language: options.language ?? 'en' });
  const calls: ApiCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/swx\/admin/, '');
    const body = init?.body;
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof body === 'string' ? JSON.parse(body) : (body ?? undefined),
      headers: { ...(init?.headers as Record<string, string>) },
    };
    calls.push(call);
    if (!url.pathname.startsWith('/swx/admin/'))
      return jsonResponse(404, { code: '404', message: '', result: null });
    const entry = routes[`${method} ${path}`];
    return answerWith(typeof entry === 'function' ? (entry as (call: ApiCall) => unknown)(call) : entry);
  });
  sessionStorage.clear();
  if (options.me) {
    sessionStorage.setItem(staffTokenKey, 'staff-token');
    routes['GET /me'] ??= options.me;
  }
  const session = new StaffSession({
    storage: sessionStorage,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { root, session, calls, fetch };
}

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/** Renders the module's routes at `path` with the site's i18n. */
export function renderStaff(site: ReturnType<typeof createStaffSite>, path = '/staff'): RenderResult {
  // The toaster is the page's one store: an earlier test's toasts must not be this test's alerts.
  for (const item of [...toaster.items]) toaster.dismiss(item.id);
  return render(
    <I18nextProvider i18n={site.root.i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<StaffRoutes session={site.session} />} />
        </Routes>
        <LocationProbe />
        <ToastRegion />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The calls made to one route (`'POST /reviews/deposit/5/approve'`). */
export function callsTo(calls: ApiCall[], route: string): ApiCall[] {
  return calls.filter((call) => `${call.method} ${call.path}` === route);
}
