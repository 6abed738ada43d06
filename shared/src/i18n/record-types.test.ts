import { ledgerEntryTypes, recordReferenceTypes } from '../contract/record-types';
import { languages } from './languages';
import { commonResources } from './common-resources';

/** Every kind of money movement the ledger writes is named in every language (records, CSV export). */
describe('record type names', () => {
  it.each(languages)('%s names every ledger entry type and reference', (lang) => {
    const { records } = commonResources[lang];
    const types: Record<string, string | undefined> = records.types;
    const references: Record<string, string | undefined> = records.references;
    const unnamed = ledgerEntryTypes.filter((type) => !types[type]?.trim());
    expect(unnamed).toEqual([]);
    expect(recordReferenceTypes.filter((type) => !references[type]?.includes('{{id}}'))).toEqual([]);
    expect(Object.keys(types).sort()).toEqual([...ledgerEntryTypes].sort());
    expect(Object.keys(records.columns)).toEqual(Object.keys(commonResources.en.records.columns));
    expect(Object.values(records.columns).every((text) => text.trim() !== '')).toBe(true);
  });
});
