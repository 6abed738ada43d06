import type { SignInResult } from '@swx/shared/contract';
import type { PassApi } from '../../api';
import { FormStore } from '../../components/form/form-store';
import * as rules from '../../components/form/rules';
import { Submission, type SubmitOutcome } from '../../components/form/submission';
import { errors } from '@swx/shared/contract';

export type LoginField = 'account' | 'password';

export class LoginStore {
  readonly form: FormStore<LoginField>;
  readonly submission: Submission<LoginField>;

  constructor(
    private readonly api: Pick<PassApi, 'login'>,
    private readonly signIn: (result: SignInResult) => void,
    account = '',
  ) {
    this.form = new FormStore<LoginField>(
      { account, password: '' },
      { account: (v) => rules.account(v.account), password: (v) => rules.currentPassword(v.password) },
    );
    this.submission = new Submission(this.form, {
      [errors.accountRequired]: 'account',
      [errors.userNotFound]: 'account',
      [errors.passwordIncorrect]: 'password',
    });
  }

  submit(): Promise<SubmitOutcome<LoginField>> {
    return this.submission.run(async () => {
      const result = await this.api.login({
        account: this.form.trimmed('account'),
        password: this.form.values.password,
      });
      this.signIn(result);
    });
  }
}
