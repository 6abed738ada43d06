import { errors, type LoginResult } from '@swx/shared/contract';
import { CodeSender } from '../components/code-sender/code-sender';
import { sendCodeFromForm } from '../components/code-sender/send-from-form';
import { FormStore } from '../components/form/form-store';
import * as rules from '../components/form/rules';
import { Submission, type SubmitOutcome } from '../components/form/submission';
import type { WalletApi } from './wallet-api';

export type WalletSignUpField = 'username' | 'email' | 'code' | 'inviteCode';

/**
 * The account for a wallet no account has linked: a username and an e-mail confirmed by its code (the
 * account's way back if the wallet is lost), no password (docs/decisions.md).
 */
export class WalletSignUpStore {
  readonly form: FormStore<WalletSignUpField>;
  readonly submission: Submission<WalletSignUpField>;
  readonly codeSender: CodeSender;

  constructor(
    private readonly ticket: string,
    private readonly api: Pick<WalletApi, 'register'>,
    sendCode: (email: string) => Promise<void>,
    private readonly signIn: (result: LoginResult) => void,
    inviteCode = '',
  ) {
    this.form = new FormStore<WalletSignUpField>(
      { username: '', email: '', code: '', inviteCode },
      {
        username: (v) => rules.username(v.username),
        email: (v) => rules.email(v.email),
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
      [errors.verificationCodeWrong]: 'code',
      [errors.verificationCodeExpired]: 'code',
      [errors.verificationCodeLocked]: 'code',
      [errors.inviteCodeUnknown]: 'inviteCode',
    });
    this.codeSender = new CodeSender(sendCode);
  }

  sendCode(): Promise<WalletSignUpField | null> {
    return sendCodeFromForm(
      this.form,
      this.codeSender,
      { email: 'email', code: 'code' },
      { [errors.emailIncorrect]: 'email', [errors.emailTaken]: 'email' },
    );
  }

  submit(): Promise<SubmitOutcome<WalletSignUpField>> {
    const inviteCode = this.form.trimmed('inviteCode');
    return this.submission.run(async () => {
      const result = await this.api.register({
        ticket: this.ticket,
        username: this.form.trimmed('username'),
        email: this.form.trimmed('email'),
        code: this.form.trimmed('code'),
        ...(inviteCode ? { inviteCode } : {}),
      });
      this.signIn(result);
    });
  }

  dispose(): void {
    this.codeSender.dispose();
  }
}
