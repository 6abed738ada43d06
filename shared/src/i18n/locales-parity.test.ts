/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueCodes } from '../contract/catalogue';
import { clientErrorCodes } from './error-messages';
import { languages } from './languages';

/**
 * Every visible string exists in all ten languages (docs/product.md, languages). This walks the whole repository for
 * locale folders — the SDK's `common` namespace and every module's `src/locales` — so a module that adds
 * a key in one language only fails here, wherever it lives.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const skipped = new Set([
  'node_modules',
  '.git',
  'dist',
  'coverage',
  'data',
  '.data',
  'test-results',
  'playwright-report',
]);

function findLocaleDirs(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || skipped.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const relative = path.relative(repoRoot, full).split(path.sep).join('/');
    if (relative === 'shared/src/i18n/locales' || /(^|\/)src\/locales$/.test(relative)) found.push(full);
    else findLocaleDirs(full, found);
  }
  return found;
}

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(name, value);
    else flatten(value, name).forEach((text, nested) => result.set(nested, text));
  }
  return result;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();
}

const localeDirs = findLocaleDirs(repoRoot);

/**
 * Plural forms (i18next: `key_one`, `key_other`...) differ by language: English has one and other, Japanese
 * other only, Arabic six. A plural key is complete when it has every form its language's rules use
 * (`Intl.PluralRules`, as i18next chooses them).
 */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string): string | null =>
  pluralSuffix.test(key) ? key.replace(pluralSuffix, '') : null;
const pluralForms = (lang: string): string[] => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/** The keys `lang` must have: every plain key, and each plural key in the forms `lang` uses. */
function expectedKeys(allKeys: ReadonlySet<string>, lang: string): Set<string> {
  const expected = new Set<string>();
  for (const key of allKeys) {
    const base = pluralBase(key);
    if (base === null) expected.add(key);
    else for (const form of pluralForms(lang)) expected.add(`${base}_${form}`);
  }
  return expected;
}

/**
 * Folders that speak fewer languages by decision: the back office (`mf-staff`) is English and Simplified
 * Chinese only, a staff team language choice (mf-staff/README.md). Every other folder has all ten.
 */
const reducedLanguages: Record<string, readonly string[]> = {
  'mf-staff/src/locales': ['en', 'zh-CN'],
};

describe('i18n key parity', () => {
  it('finds the common namespace', () => {
    expect(localeDirs.map((dir) => path.relative(repoRoot, dir).split(path.sep).join('/'))).toContain(
      'shared/src/i18n/locales',
    );
  });

  describe.each(
    localeDirs.map((dir) => [path.relative(repoRoot, dir).split(path.sep).join('/'), dir] as const),
  )('%s', (name, dir) => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    const expected = reducedLanguages[name] ?? languages;

    it('has a file for each of its languages and no other', () => {
      expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...expected].sort());
    });

    const trees = new Map(
      files.map((file) => [
        file.replace(/\.json$/, ''),
        flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree),
      ]),
    );
    const allKeys = new Set([...trees.values()].flatMap((tree) => [...tree.keys()]));

    it.each([...expected])('%s has every key, none empty', (lang) => {
      const tree = trees.get(lang) ?? new Map<string, string>();
      const missing = [...expectedKeys(allKeys, lang)].filter((key) => !tree.has(key));
      const empty = [...tree].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect({ missing, empty }).toEqual({ missing: [], empty: [] });
    });

    it('uses the same {{placeholders}} in every language', () => {
      const mismatches: string[] = [];
      for (const key of allKeys) {
        // A plural form English lacks (Arabic's "few") is held to English's "other".
        const base = pluralBase(key);
        const english = trees.get('en');
        const reference = placeholders(
          english?.get(key) ?? (base === null ? '' : (english?.get(`${base}_other`) ?? '')),
        );
        for (const [lang, tree] of trees) {
          const text = tree.get(key);
          // A form the language does not use is not required (the completeness test says which are).
          if (text === undefined && base !== null) continue;
          const own = placeholders(text ?? '');
          if (own.join() !== reference.join()) mismatches.push(`${lang}: ${key}`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('is translated, not copied from English: most strings differ in every language', () => {
      const english = trees.get('en') ?? new Map<string, string>();
      const copied = expected
        .filter((lang) => lang !== 'en')
        .map((lang) => {
          const tree = trees.get(lang) ?? new Map<string, string>();
          // A few words are the same in several languages (a brand, "E-mail", a ticker): a share, not zero.
          const same = [...tree].filter(([key, text]) => text === english.get(key)).length;
          return { lang, mostlyCopied: tree.size > 0 && same / tree.size >= 0.3 };
        });
      expect(copied.filter((c) => c.mostlyCopied)).toEqual([]);
    });
  });

  it('has a codes.<code> text for every catalogue code and client error code, in every language', () => {
    const dir = path.join(repoRoot, 'shared/src/i18n/locales');
    for (const lang of languages) {
      const tree = flatten(JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Tree);
      const missing = [...catalogueCodes, ...clientErrorCodes].filter((code) => !tree.has(`codes.${code}`));
      expect({ lang, missing }).toEqual({ lang, missing: [] });
    }
  });
});
