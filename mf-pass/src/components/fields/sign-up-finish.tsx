import { observer } from 'mobx-react-lite';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@swx/shared';
import type { CodeSender } from '../code-sender/code-sender';
import type { FormStore } from '../form/form-store';
import type { Submission } from '../form/submission';
import { CodeField } from './code-field';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import fieldStyles from './fields.module.css';

/** The fields every sign-up form ends with (the code e-mailed to the customer, an optional invite code). */
type FinishField = 'code' | 'inviteCode';

interface SignUpFinishProps<F extends string> {
  store: {
    form: FormStore<F | FinishField>;
    submission: Submission<F | FinishField>;
    codeSender: CodeSender;
  };
  register: (field: F | FinishField) => Ref<HTMLInputElement>;
  /** Sends the code (the form's e-mail), then focuses the field to fix, if any. */
  onSendCode: () => void;
  submitText: string;
  submittingText: string;
}

/**
 * The end of every sign-up form (with a password, or with a wallet): the e-mailed code with its send button,
 * the invite code, the form's own error and the submit button.
 */
function SignUpFinishView<F extends string>({
  store,
  register,
  onSendCode,
  submitText,
  submittingText,
}: SignUpFinishProps<F>) {
  const { t } = useTranslation('pass');
  return (
    <>
      <CodeField
        store={store.form}
        field="code"
        inputRef={register('code')}
        sender={store.codeSender}
        onSend={onSendCode}
        required
      />
      <FormField
        store={store.form}
        field="inviteCode"
        inputRef={register('inviteCode')}
        label={t('fields.inviteCode')}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
      />
      <FormAlert error={store.submission.formError} />
      <Button className={fieldStyles.submit} type="submit" fullWidth loading={store.submission.submitting}>
        {store.submission.submitting ? submittingText : submitText}
      </Button>
    </>
  );
}

export const SignUpFinish = observer(SignUpFinishView) as typeof SignUpFinishView;
