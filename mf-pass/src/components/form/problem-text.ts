import { messageForError, type Translate } from '@swx/shared';
import type { Problem } from './form-store';

/** The words for a field's problem in the active language. */
export function problemText(problem: Problem, t: Translate): string {
  return 'key' in problem ? t(problem.key) : messageForError(problem.error, t);
}
