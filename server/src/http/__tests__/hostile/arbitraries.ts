import fc from 'fast-check';
import type { Operation, SchemaNode } from './operations';

/**
 * Requests shaped like the schema but wrong: each field is sometimes plausible (so the request gets past the
 * first check and reaches deeper code) and more often hostile — wrong types, numbers a parser or a bigint
 * column chokes on, strings PostgreSQL cannot store, fields missing or added, arrays where objects belong.
 */

/** A JSON token written as is, for numbers JSON.stringify cannot produce (`1e309`, `-0`, `2e64`). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const hostileNumber = fc.constantFrom<unknown>(
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('9223372036854775808'),
  new RawJson('18446744073709551616'),
  new RawJson('1e21'),
  1e308,
  -1,
  0,
  1.5,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999999',
  '-1',
  '1e3',
  '0x1F',
  ' 1',
  '1.',
  '.5',
);

const longText = 'A'.repeat(100_000);

export const hostileString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '\udc00\ud800',
      '\u202eevil',
      'a\u2066b\u2069',
      'zero\u200bwidth',
      'join\u200dme',
      '\u0007bell',
      '\u001b[31m',
      '\ufeff',
      '\u0085next',
      'line\nbreak',
      longText,
      '__proto__',
      'constructor',
      'prototype',
      '../../../etc/passwd',
      '%00',
      '%zz',
      '',
      ' ',
      '🙂',
      'null',
      '<script>alert(1)</script>',
      "' OR '1'='1",
      '１２３',
      'İ',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
);

export const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [[]], [null], { a: 1 }, '', 0);

const patternArbitraries = new Map<string, fc.Arbitrary<string> | undefined>();

/**
 * Strings a schema's pattern accepts. A pattern anchored at the start (`^...`) is generated from the pattern;
 * an unanchored one (such as `\S`, "not blank") is met by almost any string, so any string it accepts is taken:
 * fast-check's generator for a negated class (`\S`) tests each character against every range it excludes,
 * which was a quarter of this suite's time. One arbitrary per pattern.
 */
function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  if (!patternArbitraries.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | undefined;
    try {
      const expression = new RegExp(pattern);
      arbitrary = pattern.startsWith('^')
        ? fc.stringMatching(expression)
        : fc.string({ minLength: 1, maxLength: 30 }).filter((value) => expression.test(value));
    } catch {
      arbitrary = undefined;
    }
    patternArbitraries.set(pattern, arbitrary);
  }
  return patternArbitraries.get(pattern);
}

/** A value the schema accepts, or close to it: what lets a hostile request reach past the first field. */
export function plausible(schema: SchemaNode | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => plausible(choice, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern) return patternArbitrary(schema.pattern) ?? fc.string({ maxLength: 20 });
      if (schema.format === 'date-time') {
        const min = new Date('2000-01-01');
        const max = new Date('2100-01-01');
        return fc.date({ min, max, noInvalidDate: true }).map((date) => date.toISOString());
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1e6, 2 ** 31) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(schema, depth, plausible);
    default:
      return fc.constant(null);
  }
}

/** A field's value: plausible a third of the time, otherwise a hostile number, string or type. */
export function hostileValue(schema: SchemaNode | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(schema, depth) },
    { weight: 2, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: wrongType },
    ...(schema?.type === 'object' && depth < 3
      ? [{ weight: 2, arbitrary: objectOf(schema, depth + 1, hostileValue) }]
      : []),
  );
}

function objectOf(
  schema: SchemaNode,
  depth: number,
  field: (schema: SchemaNode | undefined, depth: number) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    model[name] = field(property, depth + 1);
  }
  // Any field may be missing; sometimes one more, unknown or poisonous, is added.
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(
        fc.tuple(fc.constantFrom('extra', 'constructor', 'toString', '\u0000'), hostileValue(undefined)),
      ),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

/** A whole JSON body: mostly an object built field by field, sometimes something that is not an object. */
export function hostileBody(schema: SchemaNode | undefined): fc.Arbitrary<string> {
  const objectBody = schema ? objectOf(schema, 0, hostileValue) : fc.constant({});
  return fc.oneof(
    { weight: 8, arbitrary: objectBody.map(toJson) },
    { weight: 1, arbitrary: fc.oneof(wrongType, hostileNumber, hostileString).map(toJson) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '[{}]',
        '{"a":',
        '',
        '{"a":1,"a":2}',
      ),
    },
  );
}

/** Encodes one path segment; a value that cannot be encoded (a lone surrogate) goes as invalid UTF-8. */
function segment(value: unknown): string {
  const text = value instanceof RawJson ? value.text : typeof value === 'string' ? value : toJson(value);
  try {
    return encodeURIComponent(text) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

const rawSegment = fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%AF', '%00', '..', '%2e%2e', 'x'.repeat(300));

export interface HostileRequest {
  url: string;
  payload?: string;
  contentType?: string;
}

/** One request for an operation: path, query and body all generated from the operation's own schemas. */
export function hostileRequest(operation: Operation): fc.Arbitrary<HostileRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { weight: 3, arbitrary: hostileValue(p.schema).map(segment) },
        { weight: 1, arbitrary: rawSegment },
      ),
    ),
  );
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(fc.array(hostileValue(p.schema).map(segment), { minLength: 1, maxLength: 2 }), {
        nil: undefined,
      }),
    ),
  );
  const takesBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
  const bodyArb = takesBody
    ? fc.option(hostileBody(operation.body), { nil: undefined, freq: 8 })
    : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, bodyArb).map(([segments, queries, payload]) => {
    let path = operation.path;
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, segments[i]!);
    });
    const query = queryParams
      .flatMap((p, i) => (queries[i] ?? []).map((value) => `${encodeURIComponent(p.name)}=${value}`))
      .join('&');
    return {
      url: query ? `${path}?${query}` : path,
      ...(payload === undefined ? {} : { payload, contentType: 'application/json' }),
    };
  });
}

const boundary = 'swxhostile';
const openPart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;

/**
 * Bodies the framework refuses before any schema runs: malformed JSON, a wrong or unknown content type,
 * malformed multipart (no closing boundary, truncated, no or empty boundary parameter). Sent to every
 * operation that takes a body, so a route added with its own parser is covered too.
 */
export const frameworkBodies: ReadonlyArray<{ name: string; contentType: string; payload: string }> = [
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"a":' },
  { name: 'JSON with a NUL byte', contentType: 'application/json', payload: '{"a":"\u0000"}' },
  { name: 'a wrong content type', contentType: 'text/plain', payload: 'a=1' },
  { name: 'an unknown content type', contentType: 'application/x-evil', payload: '\u0000' },
  { name: 'a form body', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2' },
  {
    name: 'multipart, no closing boundary',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: openPart,
  },
  {
    name: 'multipart, truncated',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disp`,
  },
  { name: 'multipart, no boundary parameter', contentType: 'multipart/form-data', payload: openPart },
  { name: 'multipart, empty boundary', contentType: 'multipart/form-data; boundary=', payload: openPart },
];
