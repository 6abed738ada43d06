import { FormatRegistry, Type, type Static, type StringOptions, type TSchema } from '@sinclair/typebox';

/**
 * Building blocks of the API contract, shared by the server (validation, OpenAPI) and the client (types).
 * Amounts travel as decimal strings: plain digits, optional fraction, no sign, no exponent, no spaces.
 */
export const Amount = Type.String({
  pattern: '^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,18})?$',
  maxLength: 40,
  description: 'Decimal string, e.g. "120.5"',
  examples: ['120.5'],
});
export type Amount = Static<typeof Amount>;

/**
 * A regular expression (source) matching the decimal integers from 1 to `max`, without leading zeros. Ids are
 * bounded by a pattern rather than a format so that OpenAPI readers and TypeBox checks see the bound too.
 */
export function positiveIntegerPattern(max: string): string {
  const parts: string[] = [];
  if (max.length > 1) parts.push(`[1-9][0-9]{0,${max.length - 2}}`);
  for (let i = 0; i < max.length; i += 1) {
    const digit = Number(max[i]);
    const lowest = i === 0 ? 1 : 0;
    if (digit <= lowest) continue;
    const below = digit - 1 === lowest ? String(lowest) : `[${lowest}-${digit - 1}]`;
    const rest = max.length - i - 1;
    parts.push(`${max.slice(0, i)}${below}${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  parts.push(max);
  return `^(?:${parts.join('|')})$`;
}

/** The largest id a PostgreSQL `bigint` column holds (2^63−1). */
export const maxId = '9223372036854775807';

/**
 * Identifiers are opaque decimal strings (bigint ids) on the wire, from 1 to 2^63−1: a larger value would
 * overflow the column, so it is refused at the edge (400, or the field's `x-code`).
 */
export const Id = Type.String({ pattern: positiveIntegerPattern(maxId), maxLength: 19 });

/**
 * An instant as epoch milliseconds, within what a JavaScript `Date` holds (±8.64e15): a larger number in a
 * query string is refused at the edge with the field's code, never turned into an invalid date (a 500).
 */
export const EpochMs = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });

/**
 * Characters never accepted in stored text: C0 and C1 controls (NUL crashes PostgreSQL's text encoding),
 * lone UTF-16 surrogates (not encodable as UTF-8), bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069, U+061C), zero-width characters, invisible operators and the BOM — they let a
 * name read differently from what it is (a disguise in the staff queue). Tab, line feed and carriage return
 * are allowed in multi-line text only (and so are the Unicode line and paragraph separators).
 */
const unsafeInLine =
  // eslint-disable-next-line no-control-regex -- refusing control characters is this expression's purpose
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unsafeInText =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` may be stored as one line of text (a name, a username, a reference). */
export const isCleanLine = (value: string): boolean => !unsafeInLine.test(value);
/** True when `value` may be stored as multi-line text (a reason, a message): also allows tab and newlines. */
export const isCleanText = (value: string): boolean => !unsafeInText.test(value);

/** Format names the server's validator and TypeBox's checker both know (registered here, on import). */
export const textFormats = { line: isCleanLine, text: isCleanText } as const;
for (const [name, check] of Object.entries(textFormats)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}

/** One line of stored text (names, usernames, references): bounded, and refused when unclean. */
export const TextLine = (options: StringOptions & { maxLength: number }) =>
  Type.String({ ...options, format: 'line' });
/** Multi-line stored text (reasons, messages): bounded, and refused when unclean. */
export const TextBlock = (options: StringOptions & { maxLength: number }) =>
  Type.String({ ...options, format: 'text' });

/** A market code such as `BTCUSDT`, `EURUSD`, `AAPL`. */
export const MarketCode = Type.String({ pattern: '^[A-Z0-9._-]{1,24}$' });

export const AccountMode = Type.Union([Type.Literal('real'), Type.Literal('demo')]);
export type AccountMode = Static<typeof AccountMode>;

/** The `virtually` request header: `NO` = demo, `YES` = real (docs/product.md, the API). */
export const VirtuallyHeader = Type.Union([Type.Literal('YES'), Type.Literal('NO')]);

/** The envelope schema around a result schema, for OpenAPI responses. */
export const EnvelopeOf = <T extends TSchema>(result: T) =>
  Type.Object({ code: Type.String(), message: Type.String(), result: Type.Union([result, Type.Null()]) });

/** A strict request body: unknown fields are refused. */
export const Body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
