import { Type, type Static, type TSchema } from '@sinclair/typebox';

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

/** Identifiers are opaque decimal strings (bigint ids) on the wire. */
export const Id = Type.String({ pattern: '^[1-9][0-9]{0,18}$', maxLength: 19 });

/** A market code such as `BTCUSDT`, `EURUSD`, `AAPL`. */
export const MarketCode = Type.String({ pattern: '^[A-Z0-9._-]{1,24}$' });

export const AccountMode = Type.Union([Type.Literal('real'), Type.Literal('demo')]);
export type AccountMode = Static<typeof AccountMode>;

/** The `virtually` request header: `NO` = demo, `YES` = real (PRODUCT.md §3). */
export const VirtuallyHeader = Type.Union([Type.Literal('YES'), Type.Literal('NO')]);

/** The envelope schema around a result schema, for OpenAPI responses. */
export const EnvelopeOf = <T extends TSchema>(result: T) =>
  Type.Object({ code: Type.String(), message: Type.String(), result: Type.Union([result, Type.Null()]) });

/** A strict request body: unknown fields are refused. */
export const Body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
