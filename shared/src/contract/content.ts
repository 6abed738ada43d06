import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/**
 * Content types. 1–3 are the seed's (company, policy, footer statements); 4 (FAQ) and 5 (notice) are our
 * additions so the help centre's FAQ and notice lists come from the same content store.
 */
export const contentTypes = { company: 1, policy: 2, footer: 3, faq: 4, notice: 5 } as const;
export type ContentType = (typeof contentTypes)[keyof typeof contentTypes];

/**
 * `{type}-{lang}`: lang is `1` (Chinese, zh-CN), `2` (every other language, English) as in the seed, or a
 * language tag such as `de` or `zh-TW` (our addition; unknown tags fall back to English).
 */
export const ContentListPath = Type.Object({
  selector: Type.String({ pattern: '^[1-5]-[A-Za-z0-9-]{1,35}$' }),
});

export const ContentSummary = Type.Object({
  id: Type.String(),
  type: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
});
export type ContentSummary = Static<typeof ContentSummary>;

export const ContentIdPath = Type.Object({ id: Id });

/** One content item; `body` is HTML already sanitised by the server (a strict allow-list). */
export const ContentDetail = Type.Object({
  id: Type.String(),
  type: Type.Integer(),
  slug: Type.String(),
  lang: Type.String(),
  title: Type.String(),
  body: Type.String(),
});
export type ContentDetail = Static<typeof ContentDetail>;

export const ContentList = Type.Array(ContentSummary);
