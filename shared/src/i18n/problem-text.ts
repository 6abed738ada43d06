import { messageForError, type Translate } from './error-messages';

/**
 * Why a field or a form cannot be sent: either a message key with its values (a client-side rule) or the
 * error a call answered with (the server has the last word). A key names its namespace the i18next way
 * (`common:validation.amountIncorrect`); a bare key is looked up in the caller's own namespace.
 */
export type Problem = FieldProblem | { error: unknown };

/** A client-side rule's verdict on a field: a message key and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string>;
}

/** The words for a problem in the active language; undefined when there is none (the field is fine). */
export function problemText(problem: Problem | null | undefined, t: Translate): string | undefined {
  if (!problem) return undefined;
  if ('error' in problem) return messageForError(problem.error, t);
  return t(problem.key, problem.values);
}
