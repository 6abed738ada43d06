import { languages } from '@swx/shared';
import { accountResources } from '../../i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const english = flatten(accountResources.en as Tree);
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe.each(languages.filter((lang) => lang !== 'en'))('%s', (lang) => {
  const strings = flatten(accountResources[lang] as Tree);

  test('has every key of English and no other', () => {
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
  });

  test('fills every string and keeps its placeholders', () => {
    for (const [key, text] of Object.entries(strings)) {
      expect(text.trim()).not.toBe('');
      expect([key, placeholders(text)]).toEqual([key, placeholders(english[key]!)]);
    }
  });

  test('is translated, not copied from English', () => {
    const copied = Object.entries(strings).filter(
      ([key, text]) => text === english[key] && !['nav.deposit'].includes(key),
    );
    // A few words are the same in several languages (e.g. "E-mail", "Password" in Italian).
    expect(copied.length).toBeLessThanOrEqual(3);
  });
});
