import * as phoneMetadata from 'libphonenumber-js/max';
import { countryCallingCodes } from '@swx/shared/contract';

/**
 * Countries and their calling codes from libphonenumber-js's metadata, the build the server checks countries
 * and phone numbers with (`libphonenumber-js/max`, one pinned version), so every choice offered here is one
 * the server accepts. Names come from `Intl.DisplayNames` in the customer's language.
 */
const callingCodes = countryCallingCodes(phoneMetadata);
const codeByCountry = new Map(callingCodes.map(({ country, areaCode }) => [country, areaCode]));

/** ISO 3166-1 alpha-2 codes of every country and territory the metadata knows (~245). */
export const countryCodes: readonly string[] = callingCodes.map(({ country }) => country);

function regionNames(lang: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => names?.of(code) ?? code;
}

type Option = { value: string; label: string };

// The form re-renders on every keystroke: names and order are worked out once per language.
const sortedByLanguage = new Map<string, readonly Option[]>();

/** The countries sorted by their name in `lang` (a customer looks for their country by name). */
export function countryOptions(lang: string): Option[] {
  let sorted = sortedByLanguage.get(lang);
  if (!sorted) {
    const name = regionNames(lang);
    const collator = new Intl.Collator(lang);
    sorted = countryCodes
      .map((code) => ({ value: code, label: name(code) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    sortedByLanguage.set(lang, sorted);
  }
  return [...sorted];
}

/** The calling code of a country ("+1" for CA), or null for a code the metadata does not know. */
export function callingCodeOf(country: string): string | null {
  return codeByCountry.get(country) ?? null;
}

/** A country with `areaCode` (for a draft that kept only the code): the metadata's main country for it. */
export function countryWithCallingCode(areaCode: string): string | null {
  return callingCodes.find((entry) => entry.areaCode === areaCode)?.country ?? null;
}

/**
 * One option per country, "Canada (+1)", valued by the country (several share +1 or +44): the customer's
 * country of residence first, then every other by name. The code is isolated left-to-right, so Arabic keeps
 * the "+" in front of the digits.
 */
export function callingCodeOptions(lang: string, residence: string): Option[] {
  const options = countryOptions(lang).map(({ value, label }) => ({
    value,
    label: `${label} (\u2066${codeByCountry.get(value)}\u2069)`,
  }));
  const own = options.findIndex((option) => option.value === residence);
  if (own > 0) options.unshift(...options.splice(own, 1));
  return options;
}
