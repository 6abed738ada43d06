import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import {
  CompleteWithdrawalBody,
  Id,
  isCleanLine,
  isCleanText,
  maxId,
  ReviewPath,
  StaffLoginBody,
  WithdrawalBody,
} from '@swx/shared/contract';
import { codeForValidation, defaultTextLimit, validatorCompiler, withTextRule } from '../validation';

/**
 * The edge rules for ids and text (issue 12, item 4): one rule each, in the shared contract, enforced by the
 * server's validator before any database call.
 */
type Check = ((value: unknown) => boolean) & { errors?: Parameters<typeof codeForValidation>[0] };
const compile = (schema: unknown, httpPart: 'body' | 'params' | 'querystring' = 'body') =>
  validatorCompiler({ schema: schema as FastifySchema, httpPart, method: 'POST', url: '/' }) as Check;

/** The characters the rule refuses, written as code point ranges (independently of its regular expressions). */
const refusedAnywhere: Array<[number, number]> = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
  [0x061c, 0x061c],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
];
const refusedInLine: Array<[number, number]> = [
  ...refusedAnywhere,
  [0x09, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function reference(value: string, ranges: Array<[number, number]>): boolean {
  for (const char of value) {
    const point = char.codePointAt(0)!;
    if (point >= 0xd800 && point <= 0xdfff) return false; // a lone surrogate: for...of yields it alone
    if (ranges.some(([low, high]) => point >= low && point <= high)) return false;
  }
  return true;
}

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)), maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('a', ' ', '\n', '\u0000', '\u202e', '\u200d', '\ud83d', '\ude00', 'é'),
    maxLength: 12,
  }),
);

describe('text rule', () => {
  it('refuses exactly the listed characters and lone surrogates (property)', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(isCleanText(value)).toBe(reference(value, refusedAnywhere));
        expect(isCleanLine(value)).toBe(reference(value, refusedInLine));
      }),
      { seed: 12, numRuns: 2000 },
    );
  });

  it('keeps what people write in the ten languages, emoji included', () => {
    for (const name of [
      'Zoë Ødegaard',
      '王小明',
      '陳大文',
      '山田 太郎',
      '김민준',
      'Jürgen',
      'محمد علي',
      '👍🏽 ok',
      'a\u0301',
    ]) {
      expect(isCleanLine(name)).toBe(true);
    }
    expect(isCleanText('line one\nline two\r\n\tindented')).toBe(true);
  });

  it('applies to every request string without a format of its own, and bounds it', () => {
    const schema = withTextRule({
      type: 'object',
      properties: {
        note: { type: 'string' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string', enum: ['a'] } },
      },
    }) as {
      properties: Record<string, { format?: string; maxLength?: number; items?: { format?: string } }>;
    };
    expect(schema.properties.note).toMatchObject({ format: 'text', maxLength: defaultTextLimit });
    expect(schema.properties.when!.format).toBe('date-time');
    expect(schema.properties.tags!.items!.format).toBe('text');
    const check = compile({ type: 'object', properties: { note: { type: 'string' } } });
    expect(check({ note: 'fine\nthanks' })).toBe(true);
    expect(check({ note: 'nul\u0000' })).toBe(false);
    expect(check({ note: 'x'.repeat(defaultTextLimit + 1) })).toBe(false);
  });

  it('refuses unclean payee and bank names with 11086 (a disguise in the staff queue)', () => {
    const check = compile(WithdrawalBody);
    const base = { method: 'bank', amount: '10', quoteId: 'a'.repeat(32), cardNumber: '4111111111111111' };
    for (const name of ['Bob\u202eyrreT', 'Bo\u200bb', 'Bob\nSmith', 'Bob\u0000', '\ud800Bob']) {
      expect(check({ ...base, payeeName: name, bankName: 'Bank' })).toBe(false);
      expect(codeForValidation(check.errors)).toBe('11086');
      expect(check({ ...base, payeeName: 'Bob', bankName: name })).toBe(false);
      expect(codeForValidation(check.errors)).toBe('11086');
    }
    expect(check({ ...base, payeeName: 'Bob Smith', bankName: 'Bank of 上海' })).toBe(true);
  });

  it('refuses unclean staff usernames and withdrawal references before any database call', () => {
    expect(compile(StaffLoginBody)({ username: 'chief\u0000', password: 'x' })).toBe(false);
    expect(compile(StaffLoginBody)({ username: '\udfffchief', password: 'x' })).toBe(false);
    expect(compile(CompleteWithdrawalBody)({ reference: 'ref\u2066123' })).toBe(false);
    expect(compile(CompleteWithdrawalBody)({ reference: 'TX-123' })).toBe(true);
  });
});

describe('id rule', () => {
  const idPattern = new RegExp(Id.pattern!);
  const limit = BigInt(maxId);

  it('accepts exactly 1 to 2^63−1 without leading zeros (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -10n, max: 2n ** 66n }), (n) => {
        expect(idPattern.test(n.toString())).toBe(n >= 1n && n <= limit);
      }),
      { seed: 63, numRuns: 5000 },
    );
    for (const text of ['9223372036854775807', '9223372036854775806', '1000000000000000000']) {
      expect(idPattern.test(text)).toBe(true);
    }
    for (const text of ['9223372036854775808', '9999999999999999999', '01', '0', '-1', '1e3', ' 1', '1.0']) {
      expect(idPattern.test(text)).toBe(false);
    }
  });

  it('refuses ids past bigint in path parameters', () => {
    const check = compile(ReviewPath, 'params');
    expect(check({ kind: 'deposit', id: '9223372036854775807' })).toBe(true);
    expect(check({ kind: 'deposit', id: '9223372036854775808' })).toBe(false);
  });
});
