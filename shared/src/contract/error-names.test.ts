import { catalogue, catalogueCodes } from './catalogue';
import { errors, successes } from './error-names';

describe('error and success names', () => {
  const named = [...Object.values(errors), ...Object.values(successes)] as string[];

  it('name every catalogue code except the plain success "200", each exactly once', () => {
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(catalogueCodes.filter((code) => code !== '200').sort());
  });

  it('keep errors and successes apart by their HTTP status', () => {
    for (const code of Object.values(errors)) expect(catalogue[code].status).not.toBe(200);
    for (const code of Object.values(successes)) expect(catalogue[code].status).toBe(200);
  });

  it('keep the names the code speaks of', () => {
    expect(errors.insufficientBalance).toBe('10011');
    expect(errors.repeatedSubmission).toBe('30000');
    expect(successes.modified).toBe('20005');
  });
});
