import type { Page } from '@playwright/test';
import type { Language } from './site';

/**
 * English words that are not also ordinary words of German, French, Italian or Spanish ("in", "an", "die",
 * "or", "no", "will", "was", "has" are left out for that reason). Two different ones in one piece of text on a
 * page in one of those languages mean an English sentence or label slipped through.
 */
const englishMarkers = [
  'the',
  'and',
  'your',
  'you',
  'with',
  'this',
  'that',
  'is',
  'of',
  'to',
  'for',
  'from',
  'have',
  'been',
  'which',
  'when',
  'what',
  'there',
  'their',
  'our',
  'we',
  'can',
  'be',
  'by',
  'at',
  'it',
  'any',
  'than',
  'only',
  'into',
  'before',
  'while',
  'yet',
  'should',
  'would',
  'please',
];

/** Languages written in Latin letters (the marker-word test) and the others (the Latin-words test). */
const latinScript: ReadonlySet<Language> = new Set(['de', 'fr', 'it', 'es']);

/**
 * English text on a page shown in another language: every visible text node, except proper names and codes
 * (marked `translate="no"`, or inside an element whose `lang` is not the page's: the language picker's own
 * names, a market's English proper name), form values, and technical text (`<code>`, addresses, hashes).
 * Pages in German, French, Italian and Spanish fail on text with two different English marker words; pages
 * in Arabic, Chinese, Japanese and Korean fail on two or more Latin-letter words with lower-case letters in
 * one text (codes like USDT, BTC/USDT and 3-en are upper-case or not words).
 */
export function englishText(page: Page, language: Language): Promise<string[]> {
  if (language === 'en') return Promise.resolve([]);
  return page.evaluate(
    ({ markers, latin }) => {
      const found: string[] = [];
      const markerSet = new Set(markers);
      const pageLang = document.documentElement.lang;
      const skipped = (el: Element | null): boolean => {
        for (let up = el; up; up = up.parentElement) {
          if (up.getAttribute('translate') === 'no') return true;
          if (['CODE', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(up.tagName)) return true;
          const lang = up.getAttribute('lang');
          if (lang !== null) return lang !== pageLang;
        }
        return false;
      };
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        if (style.visibility !== 'visible' || style.display === 'none') return false;
        const rect = el.getBoundingClientRect();
        return rect.width > 1 && rect.height > 1;
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text.length < 4) continue;
        const parent = node.parentElement;
        if (!parent || skipped(parent) || !visible(parent)) continue;
        // E-mail addresses, URLs, hashes and wallet addresses are data, not language; words are runs of letters
        // between spaces and punctuation (a username like ana2024x or a code like 3-en is not a word).
        const words = text
          .replace(/\S+@\S+|https?:\/\/\S+|\b0x[0-9a-fA-F]+\b|\b[13][a-km-zA-HJ-NP-Z1-9]{25,}\b/g, ' ')
          .split(/[\s/·:,;.!?()«»"“”]+/u)
          .filter((word) => /^\p{L}[\p{L}'’-]*$/u.test(word));
        if (words.length === 0) continue;
        if (latin) {
          const hits = new Set(words.map((w) => w.toLowerCase()).filter((w) => markerSet.has(w)));
          if (hits.size >= 2) found.push(text.slice(0, 80));
        } else {
          const english = words.filter((w) => /^[A-Za-z'’-]+$/.test(w) && /[a-z]/.test(w) && w.length > 1);
          if (english.length >= 2) found.push(text.slice(0, 80));
        }
      }
      return [...new Set(found)];
    },
    { markers: englishMarkers, latin: latinScript.has(language) },
  );
}
