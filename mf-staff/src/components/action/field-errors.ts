import { isApiError, type Translate } from '@swx/shared';
import type { FieldIssue } from '@swx/shared/contract';

/**
 * What is wrong with a field, in the member's words: the field's own message for the rule it broke
 * (`fieldErrors.amount.format`: "Enter an amount greater than 0"), else the rule's general one
 * (`fieldErrors.rules.minLength`: "Enter at least 3 characters").
 */
export function fieldMessage(issue: FieldIssue, t: Translate): string {
  const name = issue.field.split('.')[0];
  const values = issue.limit === undefined ? {} : { limit: issue.limit };
  const general = t(`fieldErrors.rules.${issue.rule}`, values);
  return t(`fieldErrors.${name}.${issue.rule}`, { ...values, defaultValue: general });
}

/**
 * A refusal's field messages, by field, when every field it names is one the form shows (so each message
 * can sit on its field); null when it names none, or one the form does not have (the form's alert says it).
 */
export function fieldErrorsOf(
  error: unknown,
  shown: readonly string[],
  t: Translate,
): Record<string, string> | null {
  if (!isApiError(error) || error.fields.length === 0) return null;
  const messages: Record<string, string> = {};
  for (const issue of error.fields) {
    const name = issue.field.split('.')[0]!;
    if (!shown.includes(name)) return null;
    messages[name] ??= fieldMessage(issue, t);
  }
  return messages;
}
