import fc from 'fast-check';
import { KYC_MINIMUM_AGE, ageOn, type KycAreaCode } from '@swx/shared/contract';
import { birthdateProblem, documentNumberProblem, phoneProblem } from '../kyc-rules';

describe('phone numbers are checked against the area code’s numbering plan', () => {
  const valid: [KycAreaCode, string][] = [
    ['+49', '030 1234567'],
    ['+55', '11 91234-5678'],
    ['+60', '12-345 6789'],
    ['+61', '0412 345 678'],
    ['+64', '021 123 4567'],
    ['+65', '9123 4567'],
    ['+66', '081 234 5678'],
    ['+81', '090-1234-5678'],
    ['+91', '98765 43210'],
    ['+852', '9123 4567'],
    ['+886', '0912 345 678'],
  ];

  it.each(valid)('%s %s is a real number', (code, number) => {
    expect(phoneProblem(code, number)).toBeNull();
  });

  it('refuses a number of another country’s plan, and too few digits', () => {
    expect(phoneProblem('+65', '030 1234567')).toEqual({ key: 'common:codes.11131' });
    expect(phoneProblem('+49', '12')).toEqual({ key: 'common:codes.11131' });
  });

  it('asks for both parts', () => {
    expect(phoneProblem('', '030 1234567')).toEqual({ key: 'common:validation.completeAllInformation' });
    expect(phoneProblem('+49', '  ')).toEqual({ key: 'common:validation.completeAllInformation' });
  });

  it('never accepts letters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((text) => /[a-z]/i.test(text)),
        (text) => expect(phoneProblem('+49', `030${text}`)).not.toBeNull(),
      ),
    );
  });
});

describe('date of birth', () => {
  const today = new Date('2026-11-23T12:00:00Z');

  it('turns 18 on the 18th birthday, not a day before', () => {
    expect(birthdateProblem('2008-11-23', today)).toBeNull();
    expect(birthdateProblem('2008-11-24', today)).toEqual({ key: 'common:codes.11132' });
  });

  it('refuses dates that do not exist or are in the future', () => {
    expect(birthdateProblem('1990-02-30', today)).toEqual({ key: 'verify.problems.birthdateInvalid' });
    expect(birthdateProblem('2030-01-01', today)).toEqual({ key: 'verify.problems.birthdateInvalid' });
    expect(birthdateProblem('', today)).toEqual({ key: 'common:validation.completeAllInformation' });
  });

  it('agrees with the contract’s age rule for every real date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: today, noInvalidDate: true }),
        (date) => {
          const birthdate = date.toISOString().slice(0, 10);
          const adult = (ageOn(birthdate, today) ?? 0) >= KYC_MINIMUM_AGE;
          expect(birthdateProblem(birthdate, today) === null).toBe(adult);
        },
      ),
    );
  });
});

describe('documentNumberProblem', () => {
  it('takes the number as printed and refuses anything else', () => {
    expect(documentNumberProblem('')).toEqual({ key: 'common:validation.completeAllInformation' });
    for (const good of ['C01X00T47', 'AB 123 456', '12345', 'D-1234-5678'])
      expect(documentNumberProblem(good)).toBeNull();
    for (const bad of ['X1', '1234', '-1234', '1234-', '12345<b>', 'Ä12345', 'A'.repeat(31)])
      expect(documentNumberProblem(bad)).toEqual({ key: 'verify.problems.documentNumberInvalid' });
  });
});
