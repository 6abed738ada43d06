/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CorrectionStatus,
  CustomerKycStatus,
  CustomerStatus,
  DepositStatus,
  KycStatus,
  LoanStatus,
  NftStatus,
  PendingChangeStatus,
  PositionStatus,
  WithdrawalStatus,
} from '@swx/shared/contract';
import { countryName, staffLanguageOf } from '../labels';

type Tree = { [key: string]: string | Tree };
const locale = (lang: string) =>
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'locales', `${lang}.json`), 'utf8')) as Tree;

/** The literal values of a TypeBox union of literals. */
function literals(schema: unknown): string[] {
  const options = (schema as { anyOf?: { const?: unknown }[] }).anyOf ?? [];
  return options.map((option) => option.const).filter((value): value is string => typeof value === 'string');
}

describe('labels in the member’s language', () => {
  it('names a country in English or Chinese with its code, and never drops an unknown one', () => {
    expect(countryName('DE', 'en')).toBe('Germany (DE)');
    expect(countryName('de', 'en')).toBe('Germany (DE)');
    expect(countryName('DE', 'zh-CN')).toBe('德国 (DE)');
    expect(countryName('PT', 'zh-CN')).toBe('葡萄牙 (PT)');
    expect(countryName('XX', 'en')).toBe('XX');
    expect(countryName('Atlantis', 'en')).toBe('Atlantis');
    expect(countryName(null, 'en')).toBe('—');
  });

  it('uses English for site languages the back office does not speak', () => {
    expect(staffLanguageOf('zh-CN')).toBe('zh-CN');
    expect(staffLanguageOf('de')).toBe('en');
    expect(staffLanguageOf(undefined)).toBe('en');
  });

  it('has a word for every status a staff screen shows, and every withdrawal method, in both languages', () => {
    const statuses = [
      CorrectionStatus,
      CustomerKycStatus,
      CustomerStatus,
      DepositStatus,
      KycStatus,
      LoanStatus,
      NftStatus,
      PendingChangeStatus,
      PositionStatus,
      WithdrawalStatus,
    ].flatMap(literals);
    expect(statuses.length).toBeGreaterThan(20);
    for (const lang of ['en', 'zh-CN']) {
      const strings = locale(lang);
      const missing = [...new Set(statuses)].filter((status) => !(strings.status as Tree)[status]);
      expect({ lang, missing }).toEqual({ lang, missing: [] });
      expect(Object.keys((strings.labels as Tree).methods as Tree).sort()).toEqual(['bank', 'crypto']);
    }
  });
});
