import type { APIRequestContext, Page } from '@playwright/test';

/** The ten interface languages (shared/src/i18n/languages.ts), in the picker's order. */
export const languages = ['zh-CN', 'en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'zh-TW'] as const;
export type Language = (typeof languages)[number];

/**
 * The languages the fit check walks every route in: one of each kind of text the layouts must hold. English
 * (the source, and axe at the desktop width), Arabic (right to left, and axe at the phone width), German (long
 * compound words) and French (long phrases), Japanese (CJK: no spaces to break at, wide glyphs). The other five
 * are one of these kinds again (Simplified and Traditional Chinese and Korean as Japanese, Spanish and Italian
 * as French); their strings are checked in every package's Jest run (shared/src/i18n/locales-parity.test.ts:
 * every key, the same placeholders, not copied from English). Walking all ten took 1,018 s of test time on a
 * machine like CI's, 570 s of the browser lane (docs/decisions.md, "The second round").
 */
export const fitLanguages: readonly Language[] = ['en', 'ar', 'de', 'fr', 'ja'];

export const desktop = { width: 1440, height: 900 };
export const mobile = { width: 390, height: 844 };

export interface SiteRoute {
  /** A name for messages and screenshot files. */
  name: string;
  path: string;
  /** Seen by a guest: the sign-in screens (a signed-in customer is sent on from them). */
  guest?: boolean;
}

/**
 * Every route the shell knows (shell/src/routes/route-list.ts) and the pages modules tell apart by query:
 * the trading tabs, the NFT views. `/detail` needs a content id of the language: `routePath` asks the API.
 */
export const siteRoutes: readonly SiteRoute[] = [
  { name: 'home', path: '/' },
  { name: 'market', path: '/market' },
  { name: 'cruuency', path: '/cruuency?code=XAUUSD&type=5' },
  { name: 'trading', path: '/trading' },
  { name: 'trading-plans', path: '/trading?tab=plans' },
  { name: 'loan', path: '/loan' },
  { name: 'nfts', path: '/nfts' },
  { name: 'nfts-mine', path: '/nfts?view=mine' },
  { name: 'nfts-donations', path: '/nfts?view=donations' },
  { name: 'profile', path: '/profile' },
  { name: 'profile-balance', path: '/profile/balance' },
  { name: 'profile-settings', path: '/profile/settings' },
  { name: 'profile-notification', path: '/profile/notification' },
  { name: 'profile-deposit', path: '/profile/deposit' },
  { name: 'profile-withdraw', path: '/profile/withdraw' },
  { name: 'profile-records', path: '/profile/records' },
  { name: 'profile-invite', path: '/profile/invite' },
  { name: 'help', path: '/help' },
  { name: 'help-faq', path: '/help/faq' },
  { name: 'help-notice', path: '/help/notice' },
  { name: 'detail', path: '/detail' },
  { name: 'introduction', path: '/introduction' },
  { name: 'pass-login', path: '/pass/login', guest: true },
  { name: 'pass-register', path: '/pass/register', guest: true },
  { name: 'pass-reset', path: '/pass/reset', guest: true },
  { name: 'pass-wallet', path: '/pass/wallet', guest: true },
];

/** The address to open for a route in a language: `/detail` shows the language's first footer page. */
export async function routePath(
  request: APIRequestContext,
  language: Language,
  route: SiteRoute,
): Promise<string> {
  if (route.name !== 'detail') return route.path;
  const listed = await request.get(`/swx/customer/index/listContents/3-${language}`);
  const { result } = (await listed.json()) as { result: { id: string; title: string }[] };
  const page = result[0];
  if (!page) throw new Error(`no footer content in ${language}`);
  return `/detail?${new URLSearchParams({ id: page.id, title: page.title }).toString()}`;
}

/**
 * Opens a route and waits until it has settled: the module is mounted, nothing is marked busy (module area,
 * list and page loaders), the network is quiet (the websocket does not count) and fonts are in.
 */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#main-content').waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('#main-content [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Opens a route the way a customer moves around the site: the first route of a page loads the site, the next
 * ones are navigations inside it (the shell's router follows the history, as when a link is clicked), so the
 * shell and the modules already loaded are not loaded and started again for every route. Settled as
 * `openRoute` settles a page load: the address is the route's, no request is in flight for half a second
 * (the websocket does not count), nothing in the module's area is marked busy, fonts are in.
 */
export async function visitRoute(page: Page, path: string): Promise<void> {
  const requests = inFlight(page);
  if (!page.url().startsWith('http')) {
    await openRoute(page, path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  const target = new URL(path, page.url());
  await page.waitForFunction(
    (to) => window.location.pathname + window.location.search === to,
    target.pathname + target.search,
  );
  await page.locator('#main-content').waitFor();
  await requests.quiet(500);
  await page
    .locator('#main-content [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
  await requests.quiet(500);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Requests of a page still waiting for an answer, counted from the first time a page is visited. */
const trackers = new WeakMap<Page, { quiet: (ms: number) => Promise<void> }>();

function inFlight(page: Page): { quiet: (ms: number) => Promise<void> } {
  let tracker = trackers.get(page);
  if (tracker) return tracker;
  let pending = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    pending = Math.max(0, pending + delta);
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  tracker = {
    // Resolves once no request has been in flight for `ms` (30 s at most: a page that never settles is
    // measured as it is, and its busy markers fail the test if it is still loading).
    quiet: async (ms) => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (pending > 0 || Date.now() - lastChange < ms))
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
  trackers.set(page, tracker);
  return tracker;
}

/** The layout settles after a resize before it is measured. */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}
