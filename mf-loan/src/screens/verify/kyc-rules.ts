import * as phoneMetadata from 'libphonenumber-js/max';
import type { FieldProblem } from '@swx/shared';
import {
  KYC_DOCUMENT_NUMBER_PATTERN,
  KYC_MINIMUM_AGE,
  ageOn,
  phoneDigits,
  validNationalNumber,
} from '@swx/shared/contract';

/**
 * Client-side checks of the verification form. They spare the customer a round trip; the server applies
 * the same rules (the age and signature rules are the contract's own functions) and has the last word.
 */
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

export { phoneDigits };

/**
 * A number valid in the numbering plan of its calling code: the contract's rule (`validNationalNumber`) with
 * the metadata build the server uses, so the form and the server accept the same numbers.
 */
export function phoneProblem(areaCode: string, number: string): FieldProblem | null {
  if (!areaCode || !phoneDigits(number)) return required;
  return validNationalNumber(phoneMetadata, areaCode, number) === null ? { key: 'common:codes.11131' } : null;
}

export function choiceProblem(value: string | null): FieldProblem | null {
  return value ? null : required;
}
