import { catalogue, type ErrorCode, type FieldIssue, type FieldRule } from '@swx/shared/contract';

/**
 * A refusal the customer should see: carries the catalogue code; the HTTP status comes from the catalogue.
 * Services throw it; the error handler turns it into the envelope. `message` overrides the catalogue's
 * English text where the text must name something (e.g. the coin and its minimum).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? catalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = catalogue[code].status;
    this.details = details;
  }

  /** The fields the refusal is about, answered with it (the envelope's `fields`): a form marks each one. */
  fields: FieldIssue[] | undefined;

  /** Names the field this refusal is about and the rule it broke: `throw new AppError(...).onField(...)`. */
  onField(field: string, rule: FieldRule, limit?: number): this {
    this.fields = [...(this.fields ?? []), { field, rule, ...(limit === undefined ? {} : { limit }) }];
    return this;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
