import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isCatalogueCode } from '@swx/shared/contract';

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
  ajv.addKeyword({ keyword: 'x-code', schemaType: 'string' });
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
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
