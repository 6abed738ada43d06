import fs from 'node:fs';
import path from 'node:path';
import type * as Fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { onFirstUse } from '../../platform/on-first-use';
import type { Lang } from './texts';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, as pdfkit is (platform/on-first-use.ts)
const fontkit = onFirstUse(() => require('fontkit') as typeof Fontkit);

/**
 * Fonts embedded in contract PDFs, from npm packages (OFL-1.1 Noto fonts as TTF/OTF, which pdfkit embeds
 * and subsets; the `@fontsource/*` packages ship only woff/woff2 web subsets): Noto Sans for Latin, Noto Naskh
 * Arabic, and Noto Sans CJK per language (Hans, Hant, JP, KR) from `@embedpdf/fonts-*`.
 */
const sources = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  latinBold: ['@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'],
  arabic: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
  arabicBold: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'],
  sc: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
  tc: ['@embedpdf/fonts-tc', 'NotoSansHant-Regular.otf'],
  jp: ['@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'],
  kr: ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
} as const;

export type FontName = keyof typeof sources;

const parsed = new Map<FontName, Font>();

/**
 * The font, read and parsed once per process (the CJK files are about 8 MB each). pdfkit takes a parsed
 * fontkit `Font` as well as a file's bytes (since 0.20); given the bytes, it parsed the file again for every
 * contract, and decoding its tables and substitution lookups was most of a contract's processor time. A
 * document only reads the font: its subset and its layout cache are its own.
 */
export function parsedFont(name: FontName): Font {
  let font = parsed.get(name);
  if (!font) {
    const [pkg, file] = sources[name];
    // The packages export only their `dist/` entry; the font files sit beside it in `fonts/`.
    const dist = path.dirname(require.resolve(pkg));
    const created = fontkit().create(fs.readFileSync(path.join(dist, '..', 'fonts', file)));
    if (!('layout' in created)) throw new Error(`${file} is a font collection, not a font`);
    font = created;
    parsed.set(name, font);
  }
  return font;
}

/** The body font of a contract language (CJK fonts also carry Latin letters and digits). */
export function bodyFont(lang: Lang): FontName {
  switch (lang) {
    case 'zh-CN':
      return 'sc';
    case 'zh-TW':
      return 'tc';
    case 'ja':
      return 'jp';
    case 'ko':
      return 'kr';
    case 'ar':
      return 'arabic';
    default:
      return 'latin';
  }
}

const hangul = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
const kana = /[\u3040-\u30FF]/;
const han = /[\u3400-\u9FFF\uF900-\uFAFF]/;
const arabicScript = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * The font for a piece of customer data (a name, an address) that may be in another script than the
 * contract's language: a Chinese name in an English contract still shows, never as empty boxes.
 */
export function fontForText(text: string, fallback: FontName): FontName {
  if (arabicScript.test(text)) return 'arabic';
  if (hangul.test(text)) return 'kr';
  if (kana.test(text)) return 'jp';
  if (han.test(text)) return fallback === 'tc' || fallback === 'jp' || fallback === 'kr' ? fallback : 'sc';
  return fallback === 'arabic' ? 'latin' : fallback;
}
