import type { ModuleProblem } from '@swx/shared';

// In the shell's entry chunk (through load-remote.ts): it may import nothing from the shared SDK at run time,
// or the SDK would be consumed before the async boundary (RUNTIME-006). Types only.

/** The federation runtime's refusal of a singleton version (`strictVersion`), as it words it. */
const SHARED_VERSION_REFUSAL =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

/** What a failed module load says to support staff: a refused shared version, or the error's own message. */
export function describeLoadFailure(error: unknown): ModuleProblem {
  const messages: string[] = [];
  for (let cause: unknown = error; cause instanceof Error && messages.length < 5; cause = cause.cause)
    messages.push(cause.message);
  if (messages.length === 0) messages.push(String(error));
  for (const message of messages) {
    const refused = SHARED_VERSION_REFUSAL.exec(message);
    if (refused)
      return { kind: 'sharedVersion', provided: refused[1]!, library: refused[2]!, required: refused[3]! };
  }
  return { kind: 'failed', message: messages[messages.length - 1]!.slice(0, 300) };
}
