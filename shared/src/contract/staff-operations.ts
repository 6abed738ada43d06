import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, TextBlock, TextLine } from './common';
import { NftSummary } from './nfts';
import { ParamKey, ParamRecord } from './params';
import { StaffReason } from './staff-customers';

/**
 * Back-office operations (issue 19, item 5): parameters with definitions and history, content pages in ten
 * languages with a draft and a sanitised preview, NFT listings with cancellation. Platform balances and the
 * audit log's filters live beside the customers' contract and `admin.ts`.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- parameters ----

/** How a parameter's text is read: the definition staff change it against. */
export const ParamDefinitionView = Type.Object({
  type: Type.Union([
    Type.Literal('decimal'),
    Type.Literal('integer'),
    Type.Literal('boolean'),
    Type.Literal('text'),
    Type.Literal('url'),
    Type.Literal('json'),
  ]),
  /** Bounds of a decimal or integer parameter, as text; null when unbounded. */
  min: Nullable(Type.String()),
  max: Nullable(Type.String()),
  /** A text parameter's pattern (regular expression source); null otherwise. */
  pattern: Nullable(Type.String()),
  defaultValue: Type.String(),
});
export type ParamDefinitionView = Static<typeof ParamDefinitionView>;

/** One change of a parameter, from the audit log, newest first. */
export const ParamChange = Type.Object({
  at: Time,
  staffId: Nullable(Type.String()),
  staffUsername: Nullable(Type.String()),
  from: Nullable(Type.String()),
  to: Type.String(),
  reason: Type.String(),
});
export type ParamChange = Static<typeof ParamChange>;

/** `GET /params/{key}`: the parameter, its definition and its change history (at most 200 changes). */
export const ParamDetail = Type.Object({
  param: ParamRecord,
  definition: ParamDefinitionView,
  history: Type.Array(ParamChange),
});
export type ParamDetail = Static<typeof ParamDetail>;
export const ParamDetailPath = Type.Object({ key: ParamKey });

// ---- content pages ----

export const ContentLanguageTag = Type.Union([
  Type.Literal('zh-CN'),
  Type.Literal('en'),
  Type.Literal('ja'),
  Type.Literal('ko'),
  Type.Literal('de'),
  Type.Literal('fr'),
  Type.Literal('it'),
  Type.Literal('es'),
  Type.Literal('ar'),
  Type.Literal('zh-TW'),
]);
export type ContentLanguageTag = Static<typeof ContentLanguageTag>;

/** A page is its type (1 company … 5 notice) and slug; each language is one translation of it. */
export const ContentSlug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });
export const ContentPagePath = Type.Object({
  type: Type.Integer({ minimum: 1, maximum: 5 }),
  slug: ContentSlug,
  lang: ContentLanguageTag,
});
export type ContentPagePath = Static<typeof ContentPagePath>;

export const ContentPagesQuery = Type.Object({
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});
export type ContentPagesQuery = Static<typeof ContentPagesQuery>;

/** One language of a page in the staff list: what customers see, and whether a draft waits. */
export const ContentTranslationState = Type.Object({
  lang: ContentLanguageTag,
  publishedTitle: Nullable(Type.String()),
  publishedAt: Nullable(Time),
  draftTitle: Nullable(Type.String()),
  draftUpdatedAt: Nullable(Time),
});
export type ContentTranslationState = Static<typeof ContentTranslationState>;

export const ContentPageSummary = Type.Object({
  type: Type.Integer(),
  slug: Type.String(),
  /** The languages the page exists in (published or drafted), in the product's language order. */
  translations: Type.Array(ContentTranslationState),
  /** The product's languages with neither a published text nor a draft. */
  missing: Type.Array(ContentLanguageTag),
});
export type ContentPageSummary = Static<typeof ContentPageSummary>;
export const ContentPageList = Type.Array(ContentPageSummary);

/** A title and body as stored: the body already sanitised, so `html` is exactly what customers get. */
export const ContentVersion = Type.Object({
  title: Type.String(),
  html: Type.String(),
  sort: Type.Integer(),
  updatedAt: Time,
  updatedBy: Nullable(Type.String()),
});
export type ContentVersion = Static<typeof ContentVersion>;

/** `GET /content/{type}/{slug}/{lang}`: the published version and the draft, each as sanitised HTML. */
export const ContentPageDetail = Type.Object({
  type: Type.Integer(),
  slug: Type.String(),
  lang: ContentLanguageTag,
  published: Type.Union([ContentVersion, Type.Null()]),
  draft: Type.Union([ContentVersion, Type.Null()]),
});
export type ContentPageDetail = Static<typeof ContentPageDetail>;

/**
 * `PUT /content/{type}/{slug}/{lang}`: creates or replaces the draft. The body is HTML, sanitised with the
 * content allow-list before it is stored; the answer carries the sanitised preview.
 */
export const SaveContentDraftBody = Body({
  title: TextLine({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  body: TextBlock({ minLength: 1, maxLength: 100_000 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
export type SaveContentDraftBody = Static<typeof SaveContentDraftBody>;

// ---- NFT listings ----

/** A listing as staff see it: the public summary plus cancellation (`outcome` can be `cancelled`). */
export const StaffNftListing = Type.Composite([
  Type.Omit(NftSummary, ['outcome']),
  Type.Object({
    outcome: Type.Union([
      Type.Literal('sold'),
      Type.Literal('unsold'),
      Type.Literal('cancelled'),
      Type.Null(),
    ]),
    createdByStaffId: Nullable(Type.String()),
    createdAt: Time,
  }),
]);
export type StaffNftListing = Static<typeof StaffNftListing>;
export const StaffNftListingList = Type.Array(StaffNftListing);
export const StaffNftPath = Type.Object({ id: Id });

/** `POST /nfts/{id}/cancel`: only before the first bid; the reason is audited. */
export const CancelNftBody = Body({ reason: StaffReason });
export type CancelNftBody = Static<typeof CancelNftBody>;
