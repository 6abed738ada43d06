import type { Translate } from '@swx/shared';
import type { Problem } from './decimal-input';

/** A problem in words: `common:` keys come from the SDK's validation messages, others from `trading`. */
export function problemText(t: Translate, problem: Problem | undefined): string | undefined {
  if (!problem) return undefined;
  const common = problem.key.startsWith('common:');
  const key = common ? problem.key.slice('common:'.length) : problem.key;
  return t(key, { ns: common ? 'common' : 'trading', ...problem.values });
}
