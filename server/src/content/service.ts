import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { contentLanguages, resolveContentLanguage, type ContentLanguage } from './languages';

/** Other domains writing for a customer (the records export) resolve a language tag the same way. */
export { resolveContentLanguage, type ContentLanguage };
import { sanitizeContentHtml } from './sanitize';
import { contentItems } from './tables';
import { contentSeed } from './seed';
import { errors } from '@swx/shared/contract';

/**
 * Company, policy and footer pages, FAQ and notices in ten languages. The seed text is inserted at start-up
 * where missing; an edited row is never overwritten by the seed.
 */
export class ContentService {
  constructor(private readonly db: Db) {}

  async seed(): Promise<void> {
    const rows = contentLanguages.flatMap((lang) =>
      contentSeed[lang].map((item) => ({
        type: item.type,
        slug: item.slug,
        lang,
        title: item.title,
        body: item.body,
        sort: item.sort,
      })),
    );
    // Read first, insert only what is missing: on every start after the first, nothing is (building a
    // 250-row insert that conflicts on every row cost more than the read).
    const present = new Set(
      (
        await this.db
          .select({ type: contentItems.type, slug: contentItems.slug, lang: contentItems.lang })
          .from(contentItems)
      ).map((row) => `${row.type}/${row.slug}/${row.lang}`),
    );
    const missing = rows.filter((row) => !present.has(`${row.type}/${row.slug}/${row.lang}`));
    // Another instance starting at the same time may insert the same rows: theirs stand.
    if (missing.length > 0) await this.db.insert(contentItems).values(missing).onConflictDoNothing();
  }

  /**
   * The items of a type in a language. Each page is listed once: in the requested language where it
   * exists, otherwise in English.
   */
  async list(type: number, selector: string) {
    const lang = resolveContentLanguage(selector);
    const langs: ContentLanguage[] = lang === 'en' ? ['en'] : [lang, 'en'];
    const rows = await this.db
      .select({
        id: contentItems.id,
        type: contentItems.type,
        slug: contentItems.slug,
        lang: contentItems.lang,
        title: contentItems.title,
        sort: contentItems.sort,
      })
      .from(contentItems)
      .where(and(eq(contentItems.type, type), inArray(contentItems.lang, langs)))
      .orderBy(asc(contentItems.sort), asc(contentItems.id));
    const bySlug = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const seen = bySlug.get(row.slug);
      if (!seen || (seen.lang !== lang && row.lang === lang)) bySlug.set(row.slug, row);
    }
    return [...bySlug.values()]
      .sort((a, b) => a.sort - b.sort || Number(a.id - b.id))
      .map((row) => ({ id: row.id.toString(), type: row.type, title: row.title, slug: row.slug }));
  }

  async get(id: string) {
    const [row] = await this.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.id, BigInt(id)));
    if (!row) throw new AppError(errors.notFound);
    return {
      id: row.id.toString(),
      type: row.type,
      slug: row.slug,
      lang: row.lang,
      title: row.title,
      body: sanitizeContentHtml(row.body),
    };
  }
}
