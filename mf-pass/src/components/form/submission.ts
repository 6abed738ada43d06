import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { FormStore } from './form-store';
import { placeServerError, type CodeFields } from './server-problems';

/**
 * How a submission ended, for the screen to act on: focus the field that needs attention, stay on the
 * form (the refusal is shown), or move on.
 */
export type SubmitOutcome<F extends string> =
  { status: 'invalid'; field: F } | { status: 'refused' } | { status: 'done' };

/**
 * Sending one form: checks the rules first, sends at most one request at a time (a double click does not
 * register twice), and puts a refusal at its field or, when it concerns the whole form, in `formError`.
 */
export class Submission<F extends string> {
  submitting = false;
  /** A refusal about the whole form (abnormal user status, too many tries, no connection). */
  formError: unknown = null;

  constructor(
    private readonly form: FormStore<F>,
    private readonly codeFields: CodeFields<F>,
  ) {
    makeObservable<this, 'start'>(this, {
      submitting: observable,
      formError: observableRef,
      start: action,
    });
  }

  private start(): F | 'busy' | undefined {
    if (this.submitting) return 'busy';
    this.formError = null;
    const invalid = this.form.attemptSubmit();
    if (!invalid) this.submitting = true;
    return invalid;
  }

  async run(send: () => Promise<void>): Promise<SubmitOutcome<F>> {
    const invalid = this.start();
    if (invalid === 'busy') return { status: 'refused' };
    if (invalid) return { status: 'invalid', field: invalid };
    try {
      await send();
      return { status: 'done' };
    } catch (error) {
      return runInAction(() => {
        const field = placeServerError(this.form, error, this.codeFields);
        if (field) return { status: 'invalid', field } as const;
        this.formError = error;
        return { status: 'refused' } as const;
      });
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }
}
