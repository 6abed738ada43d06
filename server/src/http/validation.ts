import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isCatalogueCode, textFormats, type FieldIssue, type FieldRule } from '@swx/shared/contract';
import { onFirstRequest } from './compile-on-first-use';

/**
 * Two validators: bodies are strict (no type coercion, no unknown fields — schemas set
 * additionalProperties: false), while query strings and path parameters coerce from text and turn a single
 * value into an array where the schema wants one (GET arrays repeat the key: `?type=2&type=3`).
 *
 * A schema property may carry `x-code` (a catalogue code) so that a failure on that field answers with the
 * specific code (e.g. `10002` for an e-mail) instead of the generic `400`.
 */
function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    verbose: true,
    strict: false,
  });
  addFormats(ajv);
  for (const [name, check] of Object.entries(textFormats)) ajv.addFormat(name, check);
  ajv.addKeyword({ keyword: 'x-code', schemaType: 'string' });
  return ajv;
}

/** The bound of a request string whose schema sets none: far above any field, far below the body limit. */
export const defaultTextLimit = 10_000;

/**
 * The edge rule for text, applied once to every request schema so that no field can forget it: a string with
 * no format of its own must be clean multi-line text (`text`: no NUL, lone surrogates, bidi overrides,
 * zero-width or control characters) and is bounded. Fields that are stored as one line say `format: 'line'`
 * in the shared contract (`TextLine`). Works on a copy: the contract's schemas also feed the OpenAPI document.
 */
export function withTextRule(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTextRule);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // `const`, `enum`, `default` and `examples` hold values, not schemas.
    copy[key] = ['const', 'enum', 'default', 'examples'].includes(key) ? value : withTextRule(value);
  }
  const isString = copy.type === 'string' || (Array.isArray(copy.type) && copy.type.includes('string'));
  if (isString) {
    copy.format ??= 'text';
    copy.maxLength ??= defaultTextLimit;
  }
  return copy;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

/** One ruled copy per contract schema, so Ajv's per-object cache still compiles a shared schema once. */
const withRule = new WeakMap<object, object>();

type Validator = ReturnType<FastifySchemaCompiler<unknown>> & { errors?: unknown };

/** Each route's validator, compiled on the route's first request (http/compile-on-first-use.ts). */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const compiled = onFirstRequest(() => {
    let ruled = withRule.get(schema as object);
    if (!ruled) {
      ruled = withTextRule(schema) as object;
      withRule.set(schema as object, ruled);
    }
    return ajv.compile(ruled) as Validator;
  });
  const validate = ((data: unknown) => {
    const check = compiled();
    const valid = check(data);
    // Fastify reads a failed validation's errors from the function it was given.
    validate.errors = check.errors;
    return valid;
  }) as Validator;
  return validate;
};

/** The catalogue code a validation failure maps to: the failing property's `x-code`, else `400`. */
export function codeForValidation(errors: ErrorObject[] | undefined): string {
  for (const error of errors ?? []) {
    const own = (error.parentSchema as Record<string, unknown> | undefined)?.['x-code'];
    if (typeof own === 'string' && isCatalogueCode(own)) return own;
    // A missing required property: look up the property's own schema.
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty?: string }).missingProperty;
      const props = (
        error.parentSchema as { properties?: Record<string, Record<string, unknown>> } | undefined
      )?.properties;
      const code = missing ? props?.[missing]?.['x-code'] : undefined;
      if (typeof code === 'string' && isCatalogueCode(code)) return code;
    }
  }
  return '400';
}

/** Ajv's keywords by the rule a form names to its member or customer (`FieldRule`). */
const ruleOfKeyword: Record<string, FieldRule> = {
  required: 'required',
  minLength: 'minLength',
  maxLength: 'maxLength',
  minimum: 'minimum',
  exclusiveMinimum: 'minimum',
  maximum: 'maximum',
  exclusiveMaximum: 'maximum',
  minItems: 'minItems',
  maxItems: 'maxItems',
};

/**
 * The field a validation failure is about and the rule it broke, for the envelope's `fields` (a form shows it
 * on the field). Pattern, format, type and choice failures are all `format`: what the value should look like
 * is the field's own message on the client. A failure of the request as a whole (not an object) names none,
 * and neither does a property the request may not carry: its name is the sender's text, never answered back.
 */
export function fieldIssuesOf(errors: ErrorObject[] | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const error of errors ?? []) {
    if (error.keyword === 'additionalProperties') continue;
    const params = error.params as { missingProperty?: string; limit?: unknown };
    const path = error.instancePath
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required' && params.missingProperty) path.push(params.missingProperty);
    if (path.length === 0) continue;
    const rule = ruleOfKeyword[error.keyword] ?? 'format';
    const limit = typeof params.limit === 'number' ? params.limit : undefined;
    const field = path.join('.');
    // Paths come from the schema's own names; anything else (a record's keys) is not answered back.
    if (!/^[A-Za-z0-9_.-]{1,120}$/.test(field)) continue;
    if (issues.some((issue) => issue.field === field)) continue;
    issues.push({ field, rule, ...(limit === undefined ? {} : { limit }) });
  }
  return issues;
}
