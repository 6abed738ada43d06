/** The ten languages the product ships (docs/product.md, languages). English is the fallback. */
export const contentLanguages = ['zh-CN', 'en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'zh-TW'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/**
 * The seed's selector (`1` Chinese, `2` every other language) or a language tag, resolved to one of ours:
 * exact tag first (case-insensitive), then traditional/simplified Chinese by script or region, then the
 * primary subtag, else English.
 */
export function resolveContentLanguage(selector: string): ContentLanguage {
  if (selector === '1') return 'zh-CN';
  if (selector === '2') return 'en';
  const tag = selector.toLowerCase();
  const exact = contentLanguages.find((lang) => lang.toLowerCase() === tag);
  if (exact) return exact;
  const [primary, ...rest] = tag.split('-');
  if (primary === 'zh')
    return rest.some((sub) => ['hant', 'tw', 'hk', 'mo'].includes(sub)) ? 'zh-TW' : 'zh-CN';
  return contentLanguages.find((lang) => lang === primary) ?? 'en';
}
