import { useEffect, useState } from 'react';
import { MIN_PASSWORD_SCORE } from '../../contract/auth';

/** Why a password is weak, in words the SDK translates (`common:strength.reason.*`). */
export type WeakReason = 'common' | 'personal' | 'pattern' | 'guessable';

export interface Strength {
  /** zxcvbn's 0–4; the server refuses below MIN_PASSWORD_SCORE (11012). */
  score: number;
  acceptable: boolean;
  reason: WeakReason | null;
}

type Check = (password: string, userInputs: string[]) => { score: number; warning: string | null };

let checker: Promise<Check> | undefined;

/**
 * The checker and its ~1 MB dictionary load on first use, in their own chunks, so they never weigh on the
 * first page load: only someone typing a new password fetches them.
 */
function loadChecker(): Promise<Check> {
  checker ??= Promise.all([
    import(/* webpackChunkName: "zxcvbn-core" */ '@zxcvbn-ts/core'),
    import(/* webpackChunkName: "zxcvbn-dictionary" */ '@zxcvbn-ts/language-common'),
  ]).then(([core, common]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return (password, userInputs) => {
      const result = zxcvbn.check(password.normalize('NFKC'), userInputs);
      return { score: result.score, warning: result.feedback.warning };
    };
  });
  checker.catch(() => {
    // A failed chunk load may succeed on the next keystroke.
    checker = undefined;
  });
  return checker;
}

const reasons: Record<string, WeakReason> = {
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  similarToCommon: 'common',
  pwned: 'common',
  userInputs: 'personal',
  straightRow: 'pattern',
  keyPattern: 'pattern',
  simpleRepeat: 'pattern',
  extendedRepeat: 'pattern',
  sequences: 'pattern',
  recentYears: 'pattern',
  dates: 'pattern',
};

/** The strength of `password` judged as the server will judge it (same library, score and user inputs). */
export async function estimateStrength(password: string, userInputs: string[]): Promise<Strength> {
  const check = await loadChecker();
  const { score, warning } = check(password, userInputs);
  const acceptable = score >= MIN_PASSWORD_SCORE;
  return {
    score,
    acceptable,
    reason: acceptable ? null : ((warning ? reasons[warning] : undefined) ?? 'guessable'),
  };
}

/**
 * The strength of the password being typed, a moment after typing pauses (the last judgement stays shown
 * meanwhile); null while the password is empty or not judged yet.
 */
export function usePasswordStrength(password: string, userInputs: string[]): Strength | null {
  const [judged, setJudged] = useState<Strength | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      estimateStrength(password, inputs ? inputs.split('\n') : []).then(
        (found) => {
          if (current) setJudged(found);
        },
        () => undefined,
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);
  return password ? judged : null;
}
