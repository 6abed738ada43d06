/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { staffLanguages } from '../i18n';

/**
 * The back office speaks English and Simplified Chinese only (README.md): exactly those two files, the same
 * keys and placeholders in both, and every key the screens ask for by name exists.
 */
type Tree = { [key: string]: string | Tree };

const localeDir = path.join(__dirname, '..', 'locales');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(name, value);
    else flatten(value, name).forEach((text, nested) => result.set(nested, text));
  }
  return result;
}

const read = (lang: string) =>
  flatten(JSON.parse(readFileSync(path.join(localeDir, `${lang}.json`), 'utf8')) as Tree);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('back office strings', () => {
  const en = read('en');
  const zh = read('zh-CN');

  it('has exactly the English and Simplified Chinese files', () => {
    const files = readdirSync(localeDir).map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...staffLanguages].sort());
  });

  it('has every key in both languages, none empty, with the same placeholders', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    const problems = [...en].flatMap(([key, text]) => {
      const other = zh.get(key) ?? '';
      if (!text.trim() || !other.trim()) return [`${key}: empty`];
      return placeholders(text).join() === placeholders(other).join() ? [] : [`${key}: placeholders`];
    });
    expect(problems).toEqual([]);
  });

  it('is translated: most Chinese strings differ from the English', () => {
    const same = [...zh].filter(([key, text]) => en.get(key) === text).length;
    expect(same / zh.size).toBeLessThan(0.1);
  });

  it('has every key the screens name literally', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles(path.join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)) {
        if (!en.has(match[1]!)) missing.add(match[1]!);
      }
      for (const match of text.matchAll(/label: '([a-z]+\.[a-zA-Z.]+)'/g)) {
        if (!en.has(match[1]!)) missing.add(match[1]!);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
