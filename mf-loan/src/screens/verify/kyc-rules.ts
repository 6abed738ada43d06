import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { FieldProblem } from '@swx/shared';

/**
 * Client-side checks of the verification form. They spare the customer a round trip; the server applies
 * the same rules and has the last word.
 */
export type DocumentType = 'idCard' | 'driverLicence' | 'passport';
export const documentTypes: readonly DocumentType[] = ['idCard', 'driverLicence', 'passport'];

/** The seed's area codes and the country whose numbering plan each one checks against. */
export const areaCodes = [
  { code: '+49', country: 'DE' },
  { code: '+55', country: 'BR' },
  { code: '+60', country: 'MY' },
  { code: '+61', country: 'AU' },
  { code: '+64', country: 'NZ' },
  { code: '+65', country: 'SG' },
  { code: '+66', country: 'TH' },
  { code: '+81', country: 'JP' },
  { code: '+91', country: 'IN' },
  { code: '+852', country: 'HK' },
  { code: '+886', country: 'TW' },
] as const satisfies readonly { code: string; country: CountryCode }[];
export type AreaCode = (typeof areaCodes)[number]['code'];

export type Sex = 'male' | 'female' | 'other';
export const sexes: readonly Sex[] = ['male', 'female', 'other'];

/** The three photos; a passport has a single page to show, so it needs no back photo. */
export type PhotoSlot = 'front' | 'back' | 'hand';
export function photoSlotsFor(documentType: DocumentType | null): PhotoSlot[] {
  return documentType === 'passport' ? ['front', 'hand'] : ['front', 'back', 'hand'];
}

export const adultAge = 18;

const required: FieldProblem = { key: 'common:validation.completeAllInformation' };

export function nameProblem(value: string): FieldProblem | null {
  const name = value.trim();
  if (!name) return required;
  return name.length > 64 ? { key: 'verify.problems.nameTooLong' } : null;
}

/** A `YYYY-MM-DD` date that exists, is in the past and makes the customer an adult on `today`. */
export function birthdateProblem(value: string, today: Date = new Date()): FieldProblem | null {
  if (!value) return required;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { key: 'verify.problems.birthdateInvalid' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { key: 'verify.problems.birthdateInvalid' };
  if (year < 1900 || date.getTime() > today.getTime()) return { key: 'verify.problems.birthdateInvalid' };
  const adultFrom = new Date(Date.UTC(year + adultAge, month - 1, day));
  // 29 February + 18 years lands on 1 March in a non-leap year, which is when the customer turns 18.
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return adultFrom.getTime() > todayUtc
    ? { key: 'verify.problems.notAdult', values: { age: String(adultAge) } }
    : null;
}

export function addressProblem(value: string): FieldProblem | null {
  const address = value.trim();
  if (!address) return required;
  return address.length < 5 || address.length > 200 ? { key: 'verify.problems.addressInvalid' } : null;
}

/** A number that is valid in the numbering plan of the area code's country (libphonenumber's metadata). */
export function phoneProblem(areaCode: AreaCode | '', number: string): FieldProblem | null {
  const digits = number.replace(/[\s()-]/g, '');
  if (!areaCode || !digits) return required;
  if (!/^\d{4,15}$/.test(digits)) return { key: 'verify.problems.phoneInvalid' };
  const country = areaCodes.find((entry) => entry.code === areaCode)?.country;
  const parsed = parsePhoneNumberFromString(`${areaCode}${digits}`);
  const valid = parsed !== undefined && parsed.isValid() && (!country || parsed.country === country);
  return valid ? null : { key: 'verify.problems.phoneInvalid' };
}

export function choiceProblem(value: string): FieldProblem | null {
  return value ? null : required;
}
