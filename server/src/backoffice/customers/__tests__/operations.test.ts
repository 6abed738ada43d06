import { eq } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../../auth/testing';
import { contentDrafts, contentItems } from '../../../content/tables';
import { approvedChange } from '../../../staff/__tests__/helpers';
import { backOfficeServer, type BackOfficeServer } from './helpers';

let server: BackOfficeServer;
let admin: string;
let checker: string;
let finance: string;
let content: string;
let reviewer: string;
let customer: SignedUpCustomer;

beforeAll(async () => {
  server = await backOfficeServer();
  [admin, checker, finance, content, reviewer] = await Promise.all([
    server.member(['admin']),
    server.member(['admin']),
    server.member(['finance']),
    server.member(['content']),
    server.member(['reviewer']),
  ]);
  customer = await server.customer();
});
afterAll(async () => server.close());

const page = { type: 4, slug: 'how-to-deposit', lang: 'de' };
const pageUrl = `/content/${page.type}/${page.slug}/${page.lang}`;

describe('operations routes refuse customers and other roles', () => {
  const routes: ['GET' | 'POST' | 'PUT', string, unknown, string][] = [
    ['GET', '/params/trade_fee_rate', undefined, 'finance'],
    ['GET', '/ledger/platformAccounts', undefined, 'admin'],
    ['GET', '/content', undefined, 'admin'],
    ['GET', pageUrl, undefined, 'finance'],
    ['PUT', pageUrl, { title: 'T', body: '<p>x</p>' }, 'reviewer'],
    ['POST', `${pageUrl}/publish`, undefined, 'admin'],
    ['GET', '/nfts', undefined, 'finance'],
    ['POST', '/nfts/1/cancel', { reason: 'x' }, 'reviewer'],
  ];
  const tokens = () => ({ admin, finance, content, reviewer });

  it.each(routes)(
    '%s %s: customer token and no token 401, a %s member 403',
    async (method, url, payload, role) => {
      for (const token of [customer.token, null]) {
        expect(
          await server.as(token, method, url, payload ?? (method === 'GET' ? undefined : { junk: 1 })),
        ).toMatchObject({
          status: 401,
        });
      }
      const other = tokens()[role as keyof ReturnType<typeof tokens>];
      expect(await server.as(other, method, url, payload)).toMatchObject({ status: 403, code: '11160' });
    },
  );
});

describe('parameters', () => {
  it('shows the definition, the value and the change history with reasons, newest first', async () => {
    // Each change: one admin asks, a second approves (maker-checker).
    const set = (value: string, reason: string) =>
      approvedChange(server, checker, () =>
        server.app.inject({
          method: 'PUT',
          url: '/swx/admin/params/trade_fee_rate',
          headers: { authorization: admin },
          payload: { value, reason },
        }),
      );
    expect((await set('0.002', 'Promotion')).status).toBe('approved');
    expect((await set('0.0015', 'Competitor pricing')).status).toBe('approved');
    const res = await server.as(admin, 'GET', '/params/trade_fee_rate');
    expect(res.status).toBe(200);
    expect(res.result.param).toMatchObject({ key: 'trade_fee_rate', value: '0.0015' });
    expect(res.result.definition).toMatchObject({ type: 'decimal', min: '0', max: '0.1' });
    expect(
      res.result.history.map((h: { from: string; to: string; reason: string }) => [h.from, h.to, h.reason]),
    ).toEqual([
      ['0.002', '0.0015', 'Competitor pricing'],
      [expect.any(String), '0.002', 'Promotion'],
    ]);
    expect(res.result.history[0].staffUsername).toMatch(/^staff_/);
  });

  it('answers 10018 for an unknown key and 400 for a malformed one', async () => {
    expect((await server.as(admin, 'GET', '/params/no_such_param')).code).toBe('10018');
    expect((await server.as(admin, 'GET', '/params/Bad-Key')).code).toBe('400');
  });
});

describe('audit log filters', () => {
  it('filters by action, staff member, target (exact or prefix) and time', async () => {
    const all = await server.as(admin, 'GET', '/audit?action=param.set&target=param:trade_fee_rate');
    expect(all.result.total).toBe(2);
    const staffId = all.result.items[0].staffId as string;
    const byStaff = await server.as(admin, 'GET', `/audit?staffId=${staffId}&target=param:*`);
    expect(byStaff.result.items.every((e: { staffId: string }) => e.staffId === staffId)).toBe(true);
    // The checker applied both changes and decided both: two `param.set`, two `change.param.approve`.
    expect(byStaff.result.total).toBe(4);
    const requests = await server.as(
      admin,
      'GET',
      '/audit?action=change.param.*&target=param:trade_fee_rate',
    );
    expect(requests.result.total).toBe(4);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await server.as(admin, 'GET', `/audit?from=${future}`)).result.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await server.as(admin, 'GET', `/audit?to=${past}`)).result.total).toBe(0);
    expect((await server.as(admin, 'GET', '/audit?target=param:%25*')).result.total).toBe(0);
  });

  it('refuses malformed filters', async () => {
    expect((await server.as(admin, 'GET', '/audit?from=yesterday')).code).toBe('400');
    expect((await server.as(admin, 'GET', '/audit?staffId=abc')).code).toBe('400');
  });
});

describe('platform accounts', () => {
  it("lists every platform account's balance per mode and currency for finance", async () => {
    await server.fund(customer.userId, 'USDT', '75');
    const res = await server.as(finance, 'GET', '/ledger/platformAccounts');
    expect(res.status).toBe(200);
    const kinds = new Set(res.result.map((a: { kind: string }) => a.kind));
    for (const kind of ['platform_fees', 'platform_plan_payouts', 'platform_loans', 'platform_charity'])
      expect(kinds.has(kind)).toBe(true);
    expect(res.result).toContainEqual({
      kind: 'platform_external_custody',
      mode: 'real',
      currency: 'USDT',
      balance: '-75',
    });
  });
});

describe('content pages', () => {
  it('saves a sanitised draft customers do not see, previews it, publishes it in that language', async () => {
    const saved = await server.as(content, 'PUT', pageUrl, {
      title: '  Einzahlen  ',
      body: '<h2>Schritte</h2><p onclick="x()">Erst <script>alert(1)</script>prüfen</p><img src=x>',
    });
    expect(saved.status).toBe(200);
    expect(saved.result.published).toBeNull();
    expect(saved.result.draft).toMatchObject({
      title: 'Einzahlen',
      html: '<h2>Schritte</h2><p>Erst prüfen</p>',
    });
    const [stored] = await server.database.db
      .select()
      .from(contentDrafts)
      .where(eq(contentDrafts.slug, page.slug));
    expect(stored!.body).toBe('<h2>Schritte</h2><p>Erst prüfen</p>');

    const listedBefore = await server.call(customer, 'GET', '/index/listContents/4-de');
    expect(listedBefore.result.map((c: { slug: string }) => c.slug)).not.toContain(page.slug);

    const pages = await server.as(content, 'GET', '/content?type=4');
    const summary = pages.result.find((p: { slug: string }) => p.slug === page.slug);
    expect(summary.translations).toEqual([
      expect.objectContaining({ lang: 'de', publishedTitle: null, draftTitle: 'Einzahlen' }),
    ]);
    expect(summary.missing).toHaveLength(9);

    const published = await server.as(content, 'POST', `${pageUrl}/publish`);
    expect(published.result).toMatchObject({ draft: null, published: { title: 'Einzahlen' } });
    const listed = await server.call(customer, 'GET', '/index/listContents/4-de');
    const item = listed.result.find((c: { slug: string }) => c.slug === page.slug);
    const detail = await server.call(customer, 'GET', `/index/getContentsById/${item.id}`);
    expect(detail.result).toMatchObject({ lang: 'de', body: '<h2>Schritte</h2><p>Erst prüfen</p>' });
    expect(
      (await server.call(customer, 'GET', '/index/listContents/4-fr')).result.map(
        (c: { slug: string }) => c.slug,
      ),
    ).not.toContain(page.slug);
  });

  it('edits a seeded page through a draft and lists all ten languages of it', async () => {
    const [seeded] = await server.database.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.lang, 'en'))
      .limit(1);
    const url = `/content/${seeded!.type}/${seeded!.slug}/en`;
    const before = await server.as(content, 'GET', url);
    expect(before.result.published.title).toBe(seeded!.title);
    await server.as(content, 'PUT', url, { title: 'New title', body: '<p>New</p>' });
    const after = await server.as(content, 'POST', `${url}/publish`);
    expect(after.result.published).toMatchObject({
      title: 'New title',
      html: '<p>New</p>',
      sort: seeded!.sort,
    });
    const pages = await server.as(content, 'GET', `/content?type=${seeded!.type}`);
    const summary = pages.result.find((p: { slug: string }) => p.slug === seeded!.slug);
    expect(summary.translations.map((t: { lang: string }) => t.lang)).toEqual([
      'zh-CN',
      'en',
      'ja',
      'ko',
      'de',
      'fr',
      'it',
      'es',
      'ar',
      'zh-TW',
    ]);
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const count = async () => (await server.database.db.select().from(contentDrafts)).length;
    const before = await count();
    const url = '/content/4/new-page/en';
    const cases: [string, unknown, string][] = [
      [url, { title: '', body: '<p>x</p>' }, '400'],
      [url, { title: 'T\u0000', body: '<p>x</p>' }, '400'],
      [url, { title: 'T', body: 'x'.repeat(100_001) }, '400'],
      [url, { title: 'T', body: '<script>only()</script>' }, '400'],
      [url, { title: 'T', body: '<p>x</p>', extra: 1 }, '400'],
      ['/content/9/new-page/en', { title: 'T', body: '<p>x</p>' }, '400'],
      ['/content/4/New Page/en', { title: 'T', body: '<p>x</p>' }, '400'],
      ['/content/4/new-page/xx', { title: 'T', body: '<p>x</p>' }, '400'],
    ];
    for (const [path, body, code] of cases)
      expect({ path, code: (await server.as(content, 'PUT', path, body)).code }).toEqual({ path, code });
    expect(await count()).toBe(before);
    expect((await server.as(content, 'GET', '/content?type=9')).code).toBe('400');
    expect((await server.as(content, 'GET', '/content/4/new-page/klingon')).code).toBe('400');
    expect(await server.as(content, 'GET', url)).toMatchObject({ result: { published: null, draft: null } });
    expect(await server.as(content, 'POST', `${url}/publish`)).toMatchObject({ status: 409, code: '11184' });
  });
});
