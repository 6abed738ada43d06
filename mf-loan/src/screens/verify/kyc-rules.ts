import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { FieldProblem } from '@swx/shared';
import {
  KYC_DOCUMENT_NUMBER_PATTERN,
  KYC_MINIMUM_AGE,
  ageOn,
  kycAreaCodes,
  type KycAreaCode,
} from '@swx/shared/contract';

/**
 * Client-side checks of the verification form. They spare the customer a round trip; the server applies
 * the same rules (the age and signature rules are the contract's own functions) and has the last word.
 */
export const areaCodeList = Object.keys(kycAreaCodes) as KycAreaCode[];

const required: FieldProblem = { key: 'common:validation.completeAllInformation' };

export function nameProblem(value: string): FieldProblem | null {
  const name = value.trim();
  if (!name) return required;
  return name.length > 60 ? { key: 'verify.problems.nameTooLong' } : null;
}

/** A real `YYYY-MM-DD` date in the past that makes the customer an adult on `today`. */
export function birthdateProblem(value: string, today: Date = new Date()): FieldProblem | null {
  if (!value) return required;
  const age = ageOn(value, today);
  if (age === null || Number(value.slice(0, 4)) < 1900) return { key: 'verify.problems.birthdateInvalid' };
  return age < KYC_MINIMUM_AGE ? { key: 'common:codes.11132' } : null;
}

const documentNumberPattern = new RegExp(KYC_DOCUMENT_NUMBER_PATTERN);

/** The number as printed on the document: 5 to 30 letters and digits, spaces and dashes between them. */
export function documentNumberProblem(value: string): FieldProblem | null {
  const number = value.trim();
  if (!number) return required;
  return documentNumberPattern.test(number) ? null : { key: 'verify.problems.documentNumberInvalid' };
}

export function addressProblem(value: string): FieldProblem | null {
  const address = value.trim();
  if (!address) return required;
  return address.length < 5 || address.length > 200 ? { key: 'verify.problems.addressInvalid' } : null;
}

/** Digits only, as the server reads the national number (spaces and dashes are layout). */
export function phoneDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** A number valid in the numbering plan of the area code's country (libphonenumber's metadata). */
export function phoneProblem(areaCode: KycAreaCode | '', number: string): FieldProblem | null {
  const digits = phoneDigits(number);
  if (!areaCode || !digits) return required;
  if (!/^\d{4,20}$/.test(digits)) return { key: 'common:codes.11131' };
  const country: CountryCode = kycAreaCodes[areaCode];
  const parsed = parsePhoneNumberFromString(digits, country);
  const valid = parsed !== undefined && parsed.isValid() && parsed.country === country;
  return valid ? null : { key: 'common:codes.11131' };
}

export function choiceProblem(value: string | null): FieldProblem | null {
  return value ? null : required;
}
