import { isApiError } from '@swx/shared';
import type { FormStore } from './form-store';

/**
 * Which field a server refusal is about, per catalogue code. A code not listed (abnormal user status,
 * 30000 repeated submission, 429, timeouts) is about the whole form and shows above the submit button.
 */
export type CodeFields<F extends string> = Partial<Record<string, F>>;

/** Puts a refusal at its field; answers that field, or null when the error belongs to the whole form. */
export function placeServerError<F extends string>(
  form: FormStore<F>,
  error: unknown,
  codeFields: CodeFields<F>,
): F | null {
  const field = isApiError(error) ? codeFields[error.code] : undefined;
  if (!field) return null;
  form.setServerProblem(field, { error });
  return field;
}
