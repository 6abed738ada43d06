import type { FormStore } from '../form/form-store';
import { placeServerError, type CodeFields } from '../form/server-problems';
import type { CodeSender } from './code-sender';

/**
 * Sends a code to the form's e-mail field. A refusal about the address (format, already registered,
 * unknown) shows at the e-mail field; any other (429, timeout) at the code field, where the customer is
 * looking. Answers the field to focus, or null when the code went out.
 */
export async function sendCodeFromForm<F extends string>(
  form: FormStore<F>,
  sender: CodeSender,
  fields: { email: F; code: F },
  addressCodes: CodeFields<F>,
): Promise<F | null> {
  form.touch(fields.email);
  if (form.ruleProblems[fields.email]) return fields.email;
  form.setServerProblem(fields.code, null);
  const error = await sender.send(form.trimmed(fields.email));
  if (!error) return null;
  const field = placeServerError(form, error, addressCodes);
  if (field) return field;
  form.setServerProblem(fields.code, { error });
  return fields.code;
}
