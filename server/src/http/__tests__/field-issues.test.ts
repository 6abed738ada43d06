import type { FastifySchema } from 'fastify';
import { FundPlanReserveBody, SetPlanTermsBody } from '@swx/shared/contract';
import { fieldIssuesOf, validatorCompiler } from '../validation';
import { failure } from '../envelope';
import { AppError } from '../errors';

/**
 * A refusal about input names its field and the rule it broke (the envelope's `fields`), so a form can say
 * what is wrong on the field itself instead of "Invalid request".
 */
type Check = ((value: unknown) => boolean) & { errors?: Parameters<typeof fieldIssuesOf>[0] };
const compile = (schema: unknown) =>
  validatorCompiler({ schema: schema as FastifySchema, httpPart: 'body', method: 'POST', url: '/' }) as Check;

const issuesFor = (schema: unknown, value: unknown) => {
  const check = compile(schema);
  expect(check(value)).toBe(false);
  return fieldIssuesOf(check.errors);
};

const reserve = { currency: 'USDT', amount: '10', reason: 'Owners fund it' };

describe('field issues of a validation failure', () => {
  it('names the field and the rule, with the bound where there is one', () => {
    expect(issuesFor(FundPlanReserveBody, { ...reserve, amount: '-5' })).toEqual([
      { field: 'amount', rule: 'format' },
    ]);
    expect(issuesFor(FundPlanReserveBody, { ...reserve, amount: 5 })).toEqual([
      { field: 'amount', rule: 'format' },
    ]);
    expect(issuesFor(FundPlanReserveBody, { currency: 'USDT', amount: '1' })).toEqual([
      { field: 'reason', rule: 'required' },
    ]);
    expect(issuesFor(FundPlanReserveBody, { ...reserve, reason: 'ab' })).toEqual([
      { field: 'reason', rule: 'minLength', limit: 3 },
    ]);
    expect(issuesFor(FundPlanReserveBody, { ...reserve, reason: 'x'.repeat(301) })).toEqual([
      { field: 'reason', rule: 'maxLength', limit: 300 },
    ]);
  });

  it('writes nested paths with dots', () => {
    const terms = {
      terms: [{ days: 0, dailyRate: '0.01' }],
      minAmount: '10',
      maxAmount: '100',
      exitDamagesRate: '0.1',
      enabled: true,
      reason: 'New terms',
    };
    const [issue] = issuesFor(SetPlanTermsBody, terms);
    expect(issue?.field).toBe('terms.0.days');
  });

  it('never answers back a property the request may not carry (its name is the sender’s text)', () => {
    expect(issuesFor(FundPlanReserveBody, { ...reserve, extra: true })).toEqual([]);
    expect(issuesFor(FundPlanReserveBody, { ...reserve, 'bad name\u202e<script>': 1 })).toEqual([]);
    expect(issuesFor(FundPlanReserveBody, 'not an object')).toEqual([]);
  });
});

describe('the failure envelope', () => {
  it('carries fields only when there are some', () => {
    expect(failure('400', 'Invalid body: amount', [{ field: 'amount', rule: 'format' }])).toEqual({
      code: '400',
      message: 'Invalid body: amount',
      result: null,
      fields: [{ field: 'amount', rule: 'format' }],
    });
    expect(failure('400')).not.toHaveProperty('fields');
    expect(failure('400', undefined, [])).not.toHaveProperty('fields');
  });

  it('takes a service refusal’s field from AppError.onField', () => {
    const error = new AppError('11010', 'The amount must be greater than 0').onField('amount', 'positive');
    expect(error.fields).toEqual([{ field: 'amount', rule: 'positive' }]);
    expect(new AppError('11010').fields).toBeUndefined();
  });
});
