import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { countryCallingCodes } from '@swx/shared/contract';
import * as phoneNumbers from 'libphonenumber-js/max';
import { AppError } from '../../http/errors';
import { checkPhone } from '../validation';

const code = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
};

describe('phone numbers: every calling code, checked in its own numbering plan', () => {
  it.each([
    ['+1', '212 555 0123', '2125550123'], // United States
    ['+1', '416 555 0199', '4165550199'], // Canada shares +1: its plan checks its numbers
    ['+44', '020 7946 0958', '2079460958'], // the trunk 0 is not part of the national number
    ['+33', '06 12 34 56 78', '612345678'],
    ['+86', '138 0013 8000', '13800138000'],
    ['+49', '030 1234567', '301234567'],
    ['+65', '8123 4567', '81234567'],
    ['+971', '50 123 4567', '501234567'],
  ])('%s %s is valid and stored as %s', (areaCode, phone, national) => {
    expect(checkPhone(areaCode, phone)).toBe(national);
  });

  it('refuses a number of another plan, a code no country has and a malformed code with 11131', () => {
    expect(code(() => checkPhone('+44', '212 555 0123'))).toBe('11131');
    expect(code(() => checkPhone('+1', '8123 4567'))).toBe('11131');
    expect(code(() => checkPhone('+999', '12345678'))).toBe('11131');
    expect(code(() => checkPhone('44', '020 7946 0958'))).toBe('11131');
    expect(code(() => checkPhone('+044', '020 7946 0958'))).toBe('11131');
  });

  it('knows the calling code of every country the library knows (the form lists the same)', () => {
    const listed = countryCallingCodes(phoneNumbers);
    expect(listed).toHaveLength(getCountries().length);
    expect(listed.length).toBeGreaterThan(240);
    for (const { country, areaCode } of listed)
      expect(areaCode).toBe(`+${getCountryCallingCode(country as never)}`);
    const codes = new Set(listed.map((c) => c.areaCode));
    for (const expected of ['+1', '+7', '+33', '+44', '+49', '+86', '+91', '+852', '+886']) {
      expect(codes).toContain(expected);
    }
  });
});
