import { languages, type Lang } from '@swx/shared';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import italian from './it.json';
import ja from './ja.json';
import ko from './ko.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

// Every language file, read directly (the page fetches all but English on demand: fetch.ts).
const shellResources: Record<Lang, typeof en> = {
  'zh-CN': zhCN,
  en,
  ja,
  ko,
  de,
  fr,
  it: italian,
  es,
  ar,
  'zh-TW': zhTW,
};

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('shell strings', () => {
  const english = keysOf(shellResources.en).sort();

  it.each([...languages])('%s has every key English has, each with a text', (lang) => {
    const resources = shellResources[lang];
    expect(keysOf(resources).sort()).toEqual(english);
    for (const key of english) {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  });

  it('keeps interpolation placeholders in every language', () => {
    for (const lang of languages) {
      expect(shellResources[lang].nav.notificationsUnread).toContain('{{count}}');
      expect(shellResources[lang].footer.copyright).toContain('{{year}}');
    }
  });
});
