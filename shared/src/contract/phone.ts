/**
 * Phone numbers of the identity check (docs/product.md, identity): an international calling code ("+1",
 * "+44", "+886") for every country libphonenumber-js knows, and a national number valid in that code's
 * numbering plan. The rules are written once here; the verification form and the server both call them with
 * the same build of the library (`libphonenumber-js/max`, one pinned version), so the screen and the server
 * accept exactly the same numbers. The library is passed in rather than imported: the contract stays free of
 * its metadata, and the server loads it on first use.
 */

/** The parts of `libphonenumber-js/max` the rules use. */
export interface PhoneMetadata {
  getCountries(): readonly string[];
  getCountryCallingCode(country: never): string;
  parsePhoneNumberFromString(
    text: string,
    options: { defaultCallingCode: string },
  ): { isValid(): boolean; countryCallingCode: string; nationalNumber: string } | undefined;
}

/** A calling code on the wire: "+" and one to three digits, no leading zero. */
export const KYC_AREA_CODE_PATTERN = '^\\+[1-9][0-9]{0,2}$';

/** Every country (ISO 3166-1 alpha-2) with its calling code ("+1" for US, CA, JM...), in the library's order. */
export function countryCallingCodes(lib: PhoneMetadata): { country: string; areaCode: string }[] {
  return lib.getCountries().map((country) => ({
    country,
    areaCode: `+${lib.getCountryCallingCode(country as never)}`,
  }));
}

const knownCodes = new WeakMap<PhoneMetadata, ReadonlySet<string>>();

/** Whether some country has `areaCode` ("+1" yes, "+999" no). */
export function isCallingCode(lib: PhoneMetadata, areaCode: string): boolean {
  let codes = knownCodes.get(lib);
  if (!codes) {
    codes = new Set(countryCallingCodes(lib).map((entry) => entry.areaCode));
    knownCodes.set(lib, codes);
  }
  return codes.has(areaCode);
}

/** Digits only: spaces and dashes are layout. */
export function phoneDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/**
 * The national number when `number` is a valid number of `areaCode`'s plan (a code several countries share,
 * like +1, is checked against the plan of whichever of them the number belongs to), else null.
 */
export function validNationalNumber(lib: PhoneMetadata, areaCode: string, number: string): string | null {
  // The library throws on a code no country has: such a code is simply not valid.
  if (!new RegExp(KYC_AREA_CODE_PATTERN).test(areaCode) || !isCallingCode(lib, areaCode)) return null;
  const digits = phoneDigits(number);
  if (!/^\d{4,20}$/.test(digits)) return null;
  const callingCode = areaCode.slice(1);
  const parsed = lib.parsePhoneNumberFromString(digits, { defaultCallingCode: callingCode });
  if (!parsed || !parsed.isValid() || parsed.countryCallingCode !== callingCode) return null;
  return parsed.nationalNumber;
}
