import type { Envelope, FieldIssue, SuccessCode } from '@swx/shared/contract';
import { errors, catalogue } from '@swx/shared/contract';

/** A success envelope; `successCode` (20001–20005) goes into `message` as docs/product.md (the API) pins. */
export function ok<T>(result: T, successCode?: SuccessCode): Envelope<T> {
  return { code: '200', message: successCode ?? 'success', result };
}

export function failure(code: string, message?: string, fields?: FieldIssue[]): Envelope<null> {
  const known = (catalogue as Record<string, { message: string }>)[code];
  return {
    code,
    message: message ?? known?.message ?? catalogue[errors.unknown].message,
    result: null,
    ...(fields && fields.length > 0 ? { fields } : {}),
  };
}
