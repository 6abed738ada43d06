import { languages } from '@swx/shared';
import { tradingResources } from './i18n';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const english = new Map(entries(tradingResources.en as Tree));
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

test.each(languages.filter((lang) => lang !== 'en'))(
  '%s has every string of the trading namespace',
  (lang) => {
    const strings = new Map(entries(tradingResources[lang] as Tree));
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of strings) {
      expect(text.trim()).not.toBe('');
      // Interpolations must survive translation, or a price or fee silently disappears.
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(english.get(key)!),
      });
    }
  },
);

test('the translations are translations: most strings differ from English', () => {
  for (const lang of languages.filter((l) => l !== 'en')) {
    const strings = entries(tradingResources[lang] as Tree);
    const same = strings.filter(([key, text]) => text === english.get(key)).length;
    expect({ lang, same: same / strings.length < 0.3 }).toEqual({ lang, same: true });
  }
});
