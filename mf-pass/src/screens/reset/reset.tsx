import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordUserInputs } from '@swx/shared/contract';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@swx/shared';
import { passApi } from '../../api';
import { CodeField } from '../../components/fields/code-field';
import { FormAlert } from '../../components/fields/form-alert';
import { EmailField } from '../../components/fields/email-field';
import { NewPasswordFields } from '../../components/fields/new-password-fields';
import fieldStyles from '../../components/fields/fields.module.css';
import { useFieldFocus } from '../../components/form/use-field-focus';
import { PassLayout } from '../../components/pass-layout/pass-layout';
import type { LoginNotice } from '../login';
import { ResetStore, type ResetField } from './reset-store';
import { successes } from '@swx/shared/contract';

export const ResetScreen = observer(function ResetScreen() {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const [store] = useState(() => new ResetStore(passApi));
  const { register, submitHandler, focusAfter } = useFieldFocus<ResetField>();
  useEffect(() => () => store.dispose(), [store]);

  // The login page confirms the change (20005) and has the address filled in.
  const onSubmit = submitHandler(
    () => store.submit(),
    () => {
      const notice: LoginNotice = {
        successCode: store.successCode ?? successes.modified,
        account: store.form.trimmed('email'),
      };
      navigate('/pass/login', { replace: true, state: notice });
    },
  );

  return (
    <PassLayout
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <span className={fieldStyles.links}>
          {t('reset.remembered')}
          <Link className={fieldStyles.link} to="/pass/login">
            {t('reset.toLogin')}
          </Link>
        </span>
      }
    >
      <form className={fieldStyles.form} noValidate onSubmit={onSubmit}>
        <EmailField store={store.form} field="email" inputRef={register('email')} />
        <CodeField
          store={store.form}
          field="code"
          inputRef={register('code')}
          sender={store.codeSender}
          onSend={focusAfter(() => store.sendCode())}
          required
        />
        <NewPasswordFields
          store={store.form}
          password="password"
          confirmPassword="confirmPassword"
          register={register}
          passwordLabel={t('fields.newPassword')}
          userInputs={passwordUserInputs({ email: store.form.values.email })}
        />
        <p className={fieldStyles.note}>{t('reset.signedOutNote')}</p>
        <FormAlert error={store.submission.formError} />
        <Button className={fieldStyles.submit} type="submit" fullWidth loading={store.submission.submitting}>
          {store.submission.submitting ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </PassLayout>
  );
});
