import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_SCORE, passwordUserInputs } from '@swx/shared/contract';

/** Built on first use: the dictionaries take a moment to index and most requests never need them. */
let checker: ZxcvbnFactory | undefined;

/**
 * True when the password is among the common and breached-list passwords, a keyboard walk, or built from the
 * customer's own username or e-mail address: zxcvbn's score below MIN_PASSWORD_SCORE (the same threshold the
 * sign-up screens show before submitting).
 */
export function tooGuessable(password: string, user: { username?: string; email?: string }): boolean {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...dictionary },
    graphs: adjacencyGraphs,
    // Fuzzy dictionary matching costs ~0.5 s per check on these machines (a CPU lever for anyone posting
    // passwords); l33t and case variants of the dictionary words are still matched without it.
    useLevenshteinDistance: false,
  });
  return checker.check(password.normalize('NFKC'), passwordUserInputs(user)).score < MIN_PASSWORD_SCORE;
}
