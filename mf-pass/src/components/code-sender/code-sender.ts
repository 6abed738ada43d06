import { action, computed, makeObservable, observable, runInAction } from 'mobx';

/** The seed's resend interval: a new code may be asked for 60 s after the last one was sent. */
export const RESEND_SECONDS = 60;

/**
 * Sends the e-mail verification code and counts down until another may be sent. The countdown starts
 * only once the server has accepted the request, so a refused send (bad address, 429) can be retried at once.
 */
export class CodeSender {
  secondsLeft = 0;
  sending = false;
  /** The address the last code went to, for the "we sent a code to …" note. */
  sentTo: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly sendCode: (email: string) => Promise<void>,
    private readonly resendSeconds = RESEND_SECONDS,
  ) {
    makeObservable<this, 'tick'>(this, {
      secondsLeft: observable,
      sending: observable,
      sentTo: observable,
      canSend: computed,
      send: action,
      tick: action,
    });
  }

  get canSend(): boolean {
    return !this.sending && this.secondsLeft === 0;
  }

  /** Sends a code to `email`; resolves with the error the server answered, or null when it was sent. */
  async send(email: string): Promise<unknown> {
    if (!this.canSend) return null;
    this.sending = true;
    try {
      await this.sendCode(email);
      runInAction(() => {
        this.sentTo = email;
        this.startCountdown();
      });
      return null;
    } catch (error) {
      return error;
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  private startCountdown(): void {
    this.stopTimer();
    this.secondsLeft = this.resendSeconds;
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    this.secondsLeft = Math.max(0, this.secondsLeft - 1);
    if (this.secondsLeft === 0) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops the countdown when the screen goes away. */
  dispose(): void {
    this.stopTimer();
  }
}
