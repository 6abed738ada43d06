import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import { contentItems } from '../tables';
import { contentLanguages, resolveContentLanguage } from '../languages';
import { contentSeed } from '../seed';
import { sanitizeContentHtml } from '../sanitize';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const list = async (selector: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/swx/customer/index/listContents/${selector}` });
  expect(res.statusCode).toBe(200);
  return res.json().result as { id: string; type: number; title: string; slug: string }[];
};
const detail = (id: string) =>
  server.app.inject({ method: 'GET', url: `/swx/customer/index/getContentsById/${id}` });

const footerSlugs = [
  'legal-information',
  'disclaimer',
  'risk-warning',
  'cookie-policy',
  'terms',
  'privacy',
  'advertising',
  'licence-supervision',
  'online-support',
];

describe('content seed', () => {
  it('has the same pages in all ten languages, each translated', () => {
    const english = contentSeed.en;
    for (const lang of contentLanguages) {
      const items = contentSeed[lang];
      expect(items.map((i) => `${i.type}/${i.slug}/${i.sort}`)).toEqual(
        english.map((i) => `${i.type}/${i.slug}/${i.sort}`),
      );
      for (const [index, item] of items.entries()) {
        expect(item.title.trim().length).toBeGreaterThan(0);
        expect(item.body.trim().length).toBeGreaterThan(20);
        if (lang !== 'en')
          expect([lang, item.slug, item.body]).not.toEqual([lang, item.slug, english[index]!.body]);
        // The seed is itself clean under the allow-list.
        expect(sanitizeContentHtml(item.body)).toBe(item.body);
      }
    }
  });

  it('covers the footer pages, company and policy pages, at least 8 FAQ items and 3 notices', () => {
    const en = contentSeed.en;
    expect(en.filter((i) => i.type === 3).map((i) => i.slug)).toEqual(footerSlugs);
    expect(en.filter((i) => i.type === 1).length).toBeGreaterThanOrEqual(2);
    expect(en.filter((i) => i.type === 2).length).toBeGreaterThanOrEqual(1);
    expect(en.filter((i) => i.type === 4).length).toBeGreaterThanOrEqual(8);
    expect(en.filter((i) => i.type === 5).length).toBeGreaterThanOrEqual(3);
  });

  it('says the market data is simulated and promises no profits', () => {
    for (const lang of contentLanguages) {
      const text = contentSeed[lang].map((i) => i.body).join(' ');
      expect(text.length).toBeGreaterThan(1000);
    }
    const english = contentSeed.en
      .map((i) => i.body)
      .join(' ')
      .toLowerCase();
    expect(english).toContain('simulated');
    // "Guaranteed" may only appear in a denial ("we never promise guaranteed profits").
    for (const sentence of english.split(/[.;!?]/).filter((s) => s.includes('guarantee'))) {
      expect(sentence).toMatch(/\b(never|not|no)\b/);
    }
  });

  it('seeding again adds nothing', async () => {
    const before = await server.database.db.select().from(contentItems);
    await server.services.content.seed();
    const after = await server.database.db.select().from(contentItems);
    expect(after).toHaveLength(before.length);
    expect(before).toHaveLength(25 * 10);
  });

  it('seeding again puts back a missing page and leaves an edited one as it is', async () => {
    const [first, second] = await server.database.db.select().from(contentItems).limit(2);
    await server.database.db.delete(contentItems).where(eq(contentItems.id, first!.id));
    await server.database.db
      .update(contentItems)
      .set({ body: '<p>Edited by staff</p>' })
      .where(eq(contentItems.id, second!.id));
    await server.services.content.seed();
    const rows = await server.database.db.select().from(contentItems);
    expect(rows).toHaveLength(25 * 10);
    expect(
      rows.find((row) => row.slug === first!.slug && row.lang === first!.lang && row.type === first!.type),
    ).toMatchObject({ title: first!.title, body: first!.body });
    expect(rows.find((row) => row.id === second!.id)?.body).toBe('<p>Edited by staff</p>');
    await server.database.db
      .update(contentItems)
      .set({ body: second!.body })
      .where(eq(contentItems.id, second!.id));
  });
});

describe('listContents', () => {
  it('selector 2 and "en" list English footer pages in order', async () => {
    const byNumber = await list('3-2');
    expect(byNumber.map((i) => i.slug)).toEqual(footerSlugs);
    expect(byNumber[0]).toMatchObject({ type: 3, title: 'Legal information' });
    expect(await list('3-en')).toEqual(byNumber);
  });

  it('selector 1 is simplified Chinese', async () => {
    const zh = await list('3-1');
    expect(zh.map((i) => i.slug)).toEqual(footerSlugs);
    expect(zh[0]!.title).toBe(contentSeed['zh-CN'].find((i) => i.slug === 'legal-information')!.title);
    expect(await list('3-zh-CN')).toEqual(zh);
  });

  it('each language tag gets its own titles; unknown tags fall back to English', async () => {
    for (const lang of contentLanguages) {
      const items = await list(`4-${lang}`);
      expect(items.map((i) => i.title)).toEqual(
        contentSeed[lang].filter((i) => i.type === 4).map((i) => i.title),
      );
    }
    expect(await list('1-xx')).toEqual(await list('1-en'));
    expect(await list('1-de-AT')).toEqual(await list('1-de'));
    expect(await list('1-zh-Hant')).toEqual(await list('1-zh-TW'));
  });

  it('falls back to English per page when a translation is missing', async () => {
    await server.database.db.insert(contentItems).values({
      type: 5,
      slug: 'only-english',
      lang: 'en',
      title: 'Only in English',
      body: '<p>x</p>',
      sort: 99,
    });
    const ja = await list('5-ja');
    expect(ja.at(-1)).toMatchObject({ slug: 'only-english', title: 'Only in English' });
    expect(ja.slice(0, -1).map((i) => i.title)).toEqual(
      contentSeed.ja.filter((i) => i.type === 5).map((i) => i.title),
    );
  });

  it('refuses malformed selectors', async () => {
    for (const selector of ['9-en', 'x-en', '3', '3-', '3-<script>']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/swx/customer/index/listContents/${encodeURIComponent(selector)}`,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('resolves language selectors', () => {
    expect(resolveContentLanguage('1')).toBe('zh-CN');
    expect(resolveContentLanguage('2')).toBe('en');
    expect(resolveContentLanguage('ZH-tw')).toBe('zh-TW');
    expect(resolveContentLanguage('zh-HK')).toBe('zh-TW');
    expect(resolveContentLanguage('zh')).toBe('zh-CN');
    expect(resolveContentLanguage('ar-EG')).toBe('ar');
    expect(resolveContentLanguage('pt-BR')).toBe('en');
  });
});

describe('getContentsById', () => {
  it('returns the page with its body', async () => {
    const [first] = await list('3-2');
    const res = await detail(first!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      id: first!.id,
      type: 3,
      title: 'Legal information',
      slug: 'legal-information',
      lang: 'en',
    });
    expect(res.json().result.body).toContain('<p>');
  });

  it('sanitises the body: scripts, event attributes and javascript: links are removed', async () => {
    const [row] = await server.database.db
      .insert(contentItems)
      .values({
        type: 5,
        slug: 'hostile',
        lang: 'en',
        title: 'Hostile',
        sort: 100,
        body:
          '<p onclick="steal()">Hello<script>alert(1)</script></p>' +
          '<a href="javascript:alert(2)">bad</a><a href="https://example.org/x" onmouseover="x()">good</a>' +
          '<img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>' +
          '<style>body{display:none}</style><a href="/help/faq">faq</a><a href="JaVaScRiPt:alert(4)">b</a>' +
          '<svg><script>alert(5)</script></svg><form action="/x"><input name="p"></form>',
      })
      .returning({ id: contentItems.id });
    const body: string = (await detail(row!.id.toString())).json().result.body;
    expect(body).not.toMatch(
      /script|onclick|onmouseover|onerror|javascript:|<img|<iframe|<style|<svg|<form|<input/i,
    );
    expect(body).toContain('<p>Hello</p>');
    expect(body).toContain(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(body).toContain('<a href="/help/faq" rel="noopener">faq</a>');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await detail('999999')).statusCode).toBe(404);
    expect((await detail('abc')).statusCode).toBe(400);
  });
});
