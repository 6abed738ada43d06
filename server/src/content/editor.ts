import { and, asc, eq } from 'drizzle-orm';
import {
  errors,
  type ContentLanguageTag,
  type ContentPageDetail,
  type ContentPagePath,
  type ContentPageSummary,
  type ContentVersion,
  type SaveContentDraftBody,
} from '@swx/shared/contract';
import type { AuditService } from '../staff/audit';
import type { StaffIdentity } from '../staff/staff';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { contentLanguages } from './languages';
import { sanitizeContentHtml } from './sanitize';
import { contentDrafts, contentItems } from './tables';

type PublishedRow = typeof contentItems.$inferSelect;
type DraftRow = typeof contentDrafts.$inferSelect;

const pageKey = (row: { type: number; slug: string }) => `${row.type}|${row.slug}`;
const languageOrder = (lang: string) => contentLanguages.indexOf(lang as ContentLanguageTag);

function version(row: PublishedRow | DraftRow | undefined): ContentVersion | null {
  if (!row) return null;
  return {
    title: row.title,
    // Published seed rows predate sanitising on write: the preview is what customers are served.
    html: sanitizeContentHtml(row.body),
    sort: row.sort,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByStaffId === null ? null : String(row.updatedByStaffId),
  };
}

/**
 * Staff editing of content pages (content role): a draft per page and language, stored already sanitised with
 * the customers' allow-list, published by copying it over the customers' row. Customers read only
 * `content_items`, so a draft is never visible to them. Saving and publishing are audited.
 */
export class ContentEditor {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** Every page (of one type, or all), with each language's published and draft state. */
  async pages(type?: number): Promise<ContentPageSummary[]> {
    const [published, drafts] = await Promise.all([
      this.db
        .select()
        .from(contentItems)
        .where(type === undefined ? undefined : eq(contentItems.type, type))
        .orderBy(asc(contentItems.type), asc(contentItems.sort), asc(contentItems.id)),
      this.db
        .select()
        .from(contentDrafts)
        .where(type === undefined ? undefined : eq(contentDrafts.type, type))
        .orderBy(asc(contentDrafts.id)),
    ]);
    const pages = new Map<string, ContentPageSummary>();
    const translation = (row: PublishedRow | DraftRow) => {
      const page = pages.get(pageKey(row)) ?? {
        type: row.type,
        slug: row.slug,
        translations: [],
        missing: [],
      };
      pages.set(pageKey(row), page);
      let entry = page.translations.find((t) => t.lang === row.lang);
      if (!entry) {
        entry = {
          lang: row.lang as ContentLanguageTag,
          publishedTitle: null,
          publishedAt: null,
          draftTitle: null,
          draftUpdatedAt: null,
        };
        page.translations.push(entry);
      }
      return entry;
    };
    for (const row of published) {
      Object.assign(translation(row), {
        publishedTitle: row.title,
        publishedAt: row.updatedAt.toISOString(),
      });
    }
    for (const row of drafts) {
      Object.assign(translation(row), { draftTitle: row.title, draftUpdatedAt: row.updatedAt.toISOString() });
    }
    for (const page of pages.values()) {
      page.translations.sort((a, b) => languageOrder(a.lang) - languageOrder(b.lang));
      page.missing = contentLanguages.filter((lang) => !page.translations.some((t) => t.lang === lang));
    }
    return [...pages.values()];
  }

  async page(path: ContentPagePath, reader: Db | Tx = this.db): Promise<ContentPageDetail> {
    const [published] = await reader.select().from(contentItems).where(this.published(path));
    const [draft] = await reader.select().from(contentDrafts).where(this.draft(path));
    return { ...path, published: version(published), draft: version(draft) };
  }

  /** Creates or replaces the draft; the body is sanitised before it is stored. */
  async saveDraft(
    who: StaffIdentity,
    path: ContentPagePath,
    body: SaveContentDraftBody,
  ): Promise<ContentPageDetail> {
    const html = sanitizeContentHtml(body.body).trim();
    if (html === '') throw new AppError(errors.invalidRequest, 'The body has no content the pages allow');
    const title = body.title.normalize('NFC').trim();
    return this.db.transaction(async (tx) => {
      const [published] = await tx.select().from(contentItems).where(this.published(path));
      const values = {
        ...path,
        title,
        body: html,
        sort: body.sort ?? published?.sort ?? 0,
        updatedByStaffId: BigInt(who.staffId),
        updatedAt: new Date(),
      };
      await tx
        .insert(contentDrafts)
        .values(values)
        .onConflictDoUpdate({
          target: [contentDrafts.type, contentDrafts.slug, contentDrafts.lang],
          set: {
            title,
            body: html,
            sort: values.sort,
            updatedByStaffId: values.updatedByStaffId,
            updatedAt: values.updatedAt,
          },
        });
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'content.draft.save',
        target: `content:${path.type}/${path.slug}/${path.lang}`,
        details: { title, length: html.length },
      });
      return this.page(path, tx);
    });
  }

  /** Publishes the draft: customers see it from the commit on; the draft is removed. */
  async publish(who: StaffIdentity, path: ContentPagePath): Promise<ContentPageDetail> {
    return this.db.transaction(async (tx) => {
      const [draft] = await tx.select().from(contentDrafts).where(this.draft(path)).for('update');
      if (!draft) throw new AppError(errors.contentDraftMissing);
      const values = {
        title: draft.title,
        body: sanitizeContentHtml(draft.body),
        sort: draft.sort,
        updatedAt: new Date(),
        updatedByStaffId: BigInt(who.staffId),
      };
      await tx
        .insert(contentItems)
        .values({ ...path, ...values })
        .onConflictDoUpdate({
          target: [contentItems.type, contentItems.slug, contentItems.lang],
          set: values,
        });
      await tx.delete(contentDrafts).where(eq(contentDrafts.id, draft.id));
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'content.publish',
        target: `content:${path.type}/${path.slug}/${path.lang}`,
        details: { title: draft.title },
      });
      return this.page(path, tx);
    });
  }

  private published(path: ContentPagePath) {
    return and(
      eq(contentItems.type, path.type),
      eq(contentItems.slug, path.slug),
      eq(contentItems.lang, path.lang),
    );
  }

  private draft(path: ContentPagePath) {
    return and(
      eq(contentDrafts.type, path.type),
      eq(contentDrafts.slug, path.slug),
      eq(contentDrafts.lang, path.lang),
    );
  }
}
