import { fieldRules, type FieldIssue, type FieldRule } from '../contract/catalogue';

/**
 * A refusal or failure of an API call. `code` is the catalogue code the server answered with (e.g.
 * `'10006'`, `'401'`), or one of the client's own codes when no answer arrived: `'timeout'`, `'network'`,
 * `'unknown'` (an answer that is not the API's envelope, e.g. a proxy's HTML error page).
 * `message` is the server's English text, for logs; screens show `messageForError(error, t)` instead.
 */
export type ClientFailureCode = 'timeout' | 'network' | 'unknown';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /**
   * The call placed or changed an order: after a timeout the order may still have gone through, so the
   * customer is sent to the order list instead of being invited to submit again.
   */
  readonly orderCall: boolean;
  /** The answer's `Retry-After` in seconds, when it had one (429, and 11190 "still being processed"). */
  readonly retryAfterSeconds: number | undefined;
  /** The fields the refusal is about and the rules they broke (the envelope's `fields`); empty when none. */
  readonly fields: readonly FieldIssue[];

  constructor(
    code: string,
    message: string,
    status: number,
    options: { orderCall?: boolean; cause?: unknown; retryAfterSeconds?: number; fields?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = status;
    this.orderCall = options.orderCall ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fields = fieldIssues(options.fields);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The envelope's `fields` as far as they have the contract's shape (anything else is left out). */
function fieldIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldIssue[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, rule, limit } = item as Record<string, unknown>;
    if (typeof field !== 'string' || !(fieldRules as readonly unknown[]).includes(rule)) return [];
    return [{ field, rule: rule as FieldRule, ...(typeof limit === 'number' ? { limit } : {}) }];
  });
}
