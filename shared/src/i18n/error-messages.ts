import { isCatalogueCode } from '../contract/catalogue';
import { ApiError } from '../api/api-error';
import { ImageError } from '../ui/image-picker/prepare-image';

/** Any `t` will do (a module's own, bound to its namespace): the keys live in `common` and say so. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Client-side codes with a `codes.<code>` text of their own, next to the catalogue's. */
export const clientErrorCodes = ['timeout', 'orderTimeout', 'network', 'unknown'] as const;

/** What a text that names a wait says when the answer carried no `Retry-After` (a proxy dropped it). */
const RETRY_AFTER_FALLBACK_SECONDS = 30;

/** The `common` key that explains an error to the customer. The one place codes become words. */
export function errorMessageKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'timeout') return error.orderCall ? 'codes.orderTimeout' : 'codes.timeout';
    if (error.code === 'network') return 'codes.network';
    if (isCatalogueCode(error.code)) return `codes.${error.code}`;
    return 'codes.unknown';
  }
  if (error instanceof ImageError) return `validation.${error.reason}`;
  return 'codes.unknown';
}

/** The localised message for any error a call or the image picker can raise. */
export function messageForError(error: unknown, t: Translate): string {
  const options: Record<string, unknown> = { ns: 'common' };
  if (error instanceof ImageError && error.limitMb !== undefined) options.max = error.limitMb;
  // "Still being processed, please try again in {{seconds}} s" (11190): the answer's Retry-After.
  if (error instanceof ApiError) options.seconds = error.retryAfterSeconds ?? RETRY_AFTER_FALLBACK_SECONDS;
  return t(errorMessageKey(error), options);
}
