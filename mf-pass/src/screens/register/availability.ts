import { action, makeObservable, observable, runInAction } from 'mobx';

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'taken';

/** How long typing must pause before the server is asked, so a check is not sent per key stroke. */
export const AVAILABILITY_DELAY_MS = 400;

/**
 * Asks the server whether a username or e-mail is still free while the customer types. Only the answer
 * for the latest value counts: a slow answer for an earlier value is dropped. A failed check says
 * nothing (the registration itself still refuses a taken name with 10006/10007).
 */
export class AvailabilityCheck {
  state: AvailabilityState = 'idle';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private latest = 0;

  constructor(
    private readonly isAvailable: (value: string) => Promise<boolean>,
    /** Told the answer for the current value, e.g. to mark a taken name at its field. */
    private readonly onAnswer: (available: boolean) => void = () => {},
    private readonly delayMs = AVAILABILITY_DELAY_MS,
  ) {
    makeObservable(this, { state: observable, schedule: action, reset: action });
  }

  /** Checks `value` after a pause; `null` (the value fails the field's own rule) cancels any check. */
  schedule(value: string | null): void {
    this.cancelTimer();
    const request = ++this.latest;
    this.state = 'idle';
    if (value === null) return;
    this.timer = setTimeout(() => void this.check(value, request), this.delayMs);
  }

  reset(): void {
    this.cancelTimer();
    this.latest++;
    this.state = 'idle';
  }

  private async check(value: string, request: number): Promise<void> {
    runInAction(() => {
      this.state = 'checking';
    });
    let available: boolean | null;
    try {
      available = await this.isAvailable(value);
    } catch {
      available = null;
    }
    if (request !== this.latest) return;
    runInAction(() => {
      this.state = available === null ? 'idle' : available ? 'available' : 'taken';
      if (available !== null) this.onAnswer(available);
    });
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  dispose(): void {
    this.reset();
  }
}
