import { action, makeObservable } from 'mobx';
import type { LoginResult } from '@swx/shared/contract';
import type { PassApi } from '../../api';
import { CodeSender } from '../../components/code-sender/code-sender';
import { sendCodeFromForm } from '../../components/code-sender/send-from-form';
import { FormStore } from '../../components/form/form-store';
import * as rules from '../../components/form/rules';
import { Submission, type SubmitOutcome } from '../../components/form/submission';
import { AvailabilityCheck } from './availability';
import { errors } from '@swx/shared/contract';

export type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword' | 'code' | 'inviteCode';

export class RegisterStore {
  readonly form: FormStore<RegisterField>;
  readonly submission: Submission<RegisterField>;
  readonly usernameCheck: AvailabilityCheck;
  readonly emailCheck: AvailabilityCheck;
  readonly codeSender: CodeSender;

  constructor(
    private readonly api: Pick<PassApi, 'register' | 'sendCode' | 'isAvailable'>,
    private readonly signIn: (result: LoginResult) => void,
    inviteCode = '',
  ) {
    this.form = new FormStore<RegisterField>(
      { username: '', email: '', password: '', confirmPassword: '', code: '', inviteCode },
      {
        username: (v) => rules.username(v.username),
        email: (v) => rules.email(v.email),
        password: (v) => rules.newPassword(v.password),
        confirmPassword: (v) => rules.confirmPassword(v.confirmPassword, v.password),
        code: (v) => rules.verificationCode(v.code),
        inviteCode: (v) => rules.inviteCode(v.inviteCode),
      },
    );
    this.submission = new Submission(this.form, {
      [errors.accountRequired]: 'username',
      [errors.usernameIncorrect]: 'username',
      [errors.usernameTaken]: 'username',
      [errors.emailIncorrect]: 'email',
      [errors.emailTaken]: 'email',
      [errors.passwordWeak]: 'password',
      [errors.passwordGuessable]: 'password',
      [errors.passwordsDiffer]: 'confirmPassword',
      [errors.verificationCodeWrong]: 'code',
      [errors.verificationCodeExpired]: 'code',
      [errors.verificationCodeLocked]: 'code',
      [errors.inviteCodeUnknown]: 'inviteCode',
    });
    // A taken name is a problem at its field until the customer changes it (which clears server problems).
    this.usernameCheck = new AvailabilityCheck(
      (username) => api.isAvailable({ username }),
      (available) => {
        if (!available) this.form.setServerProblem('username', { key: 'codes.10006' });
      },
    );
    this.emailCheck = new AvailabilityCheck(
      (email) => api.isAvailable({ email }),
      (available) => {
        if (!available) this.form.setServerProblem('email', { key: 'codes.10007' });
      },
    );
    this.codeSender = new CodeSender((email) => api.sendCode(email, 'register'));
    makeObservable(this, { setValue: action });
  }

  setValue(field: RegisterField, value: string): void {
    this.form.setValue(field, value);
    // Only a value that passes the field's own rule is worth asking the server about.
    if (field === 'username') {
      this.usernameCheck.schedule(this.form.ruleProblems.username ? null : this.form.trimmed('username'));
    } else if (field === 'email') {
      this.emailCheck.schedule(this.form.ruleProblems.email ? null : this.form.trimmed('email'));
    }
  }

  /** Sends the code to the entered address; answers the field to focus when it cannot be sent. */
  sendCode(): Promise<RegisterField | null> {
    return sendCodeFromForm(
      this.form,
      this.codeSender,
      { email: 'email', code: 'code' },
      {
        [errors.emailIncorrect]: 'email',
        [errors.emailTaken]: 'email',
      },
    );
  }

  submit(): Promise<SubmitOutcome<RegisterField>> {
    const inviteCode = this.form.trimmed('inviteCode');
    return this.submission.run(async () => {
      const result = await this.api.register({
        username: this.form.trimmed('username'),
        email: this.form.trimmed('email'),
        password: this.form.values.password,
        confirmPassword: this.form.values.confirmPassword,
        code: this.form.trimmed('code'),
        ...(inviteCode ? { inviteCode } : {}),
      });
      this.signIn(result);
    });
  }

  dispose(): void {
    this.usernameCheck.dispose();
    this.emailCheck.dispose();
    this.codeSender.dispose();
  }
}
