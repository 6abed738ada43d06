import { catalogue, type ErrorCode } from '@swx/shared/contract';

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
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
