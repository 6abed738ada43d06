import fc from 'fast-check';
import { isCleanLine } from '@swx/shared/contract';
import { maxNameLength, normaliseName } from '../rules';

/** Payee and bank names (issue 12): what the staff queue shows is what the customer typed, undisguised. */
describe('normaliseName', () => {
  it('keeps real names, tidying only white space', () => {
    expect(normaliseName('  Bob   Smith ')).toBe('Bob Smith');
    expect(normaliseName('山田\u3000太郎')).toBe('山田 太郎');
    expect(normaliseName('Zoe\u0308')).toBe('Zoë');
    expect(normaliseName('بنك القاهرة')).toBe('بنك القاهرة');
  });

  it.each([
    'Bob\u202eyrreT',
    'Bo\u200bb',
    'Bob\nSmith',
    'Bob\u0000',
    '\ud800Bob',
    'a\u2066b\u2069',
    '   ',
    '',
  ])('refuses %j', (raw) => {
    expect(normaliseName(raw)).toBeUndefined();
  });

  it('never returns a disguised, padded, empty or unbounded name (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (raw) => {
        const name = normaliseName(raw);
        if (name === undefined) return;
        expect(isCleanLine(name)).toBe(true);
        expect(name).toBe(name.trim());
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(maxNameLength);
        expect(name).not.toMatch(/\s{2}/u);
        expect(normaliseName(name)).toBe(name);
      }),
      { seed: 86, numRuns: 1000 },
    );
  });
});
