import { makeObservable, observable, runInAction } from 'mobx';
import type { SuccessCode } from '@swx/shared/contract';
import type { PassApi } from '../../api';
import { CodeSender } from '../../components/code-sender/code-sender';
import { sendCodeFromForm } from '../../components/code-sender/send-from-form';
import { FormStore } from '../../components/form/form-store';
import * as rules from '../../components/form/rules';
import { Submission, type SubmitOutcome } from '../../components/form/submission';
import { errors } from '@swx/shared/contract';

export type ResetField = 'email' | 'code' | 'password' | 'confirmPassword';

export class ResetStore {
  readonly form: FormStore<ResetField>;
  readonly submission: Submission<ResetField>;
  readonly codeSender: CodeSender;
  /** The success code the server confirmed the new password with. */
  successCode: SuccessCode | null = null;

  constructor(
    private readonly api: Pick<PassApi, 'resetPassword' | 'sendCode'>,
    email = '',
  ) {
    this.form = new FormStore<ResetField>(
      { email, code: '', password: '', confirmPassword: '' },
      {
        email: (v) => rules.email(v.email),
        code: (v) => rules.verificationCode(v.code),
        password: (v) => rules.newPassword(v.password),
        confirmPassword: (v) => rules.confirmPassword(v.confirmPassword, v.password),
      },
    );
    this.submission = new Submission(this.form, {
      [errors.emailIncorrect]: 'email',
      [errors.userNotFound]: 'email',
      [errors.verificationCodeWrong]: 'code',
      [errors.verificationCodeExpired]: 'code',
      [errors.verificationCodeLocked]: 'code',
      [errors.passwordWeak]: 'password',
      [errors.passwordGuessable]: 'password',
      [errors.passwordsDiffer]: 'confirmPassword',
    });
    this.codeSender = new CodeSender((address) => api.sendCode(address, 'reset'));
    makeObservable(this, { successCode: observable });
  }

  /** Sends the code to the entered address; answers the field to focus when it cannot be sent. */
  sendCode(): Promise<ResetField | null> {
    return sendCodeFromForm(
      this.form,
      this.codeSender,
      { email: 'email', code: 'code' },
      {
        [errors.emailIncorrect]: 'email',
        [errors.userNotFound]: 'email',
      },
    );
  }

  submit(): Promise<SubmitOutcome<ResetField>> {
    return this.submission.run(async () => {
      const successCode = await this.api.resetPassword({
        email: this.form.trimmed('email'),
        code: this.form.trimmed('code'),
        password: this.form.values.password,
        confirmPassword: this.form.values.confirmPassword,
      });
      runInAction(() => {
        this.successCode = successCode;
      });
    });
  }

  dispose(): void {
    this.codeSender.dispose();
  }
}
