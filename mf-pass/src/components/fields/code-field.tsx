import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CodeSender } from '../code-sender/code-sender';
import { FormField, type FormFieldProps } from './form-field';
import styles from './fields.module.css';

interface CodeFieldProps<F extends string> extends Omit<FormFieldProps<F>, 'trailing' | 'hint' | 'label'> {
  sender: CodeSender;
  onSend: () => void;
}

/** The e-mail code input with its Send button, which counts down until another code may be sent. */
function CodeFieldView<F extends string>({ sender, onSend, ...props }: CodeFieldProps<F>) {
  const { t } = useTranslation('pass');
  const buttonText = sender.sending
    ? t('code.sending')
    : sender.secondsLeft > 0
      ? t('code.countdown', { seconds: sender.secondsLeft })
      : sender.sentTo
        ? t('code.resend')
        : t('code.send');
  return (
    <FormField
      {...props}
      label={t('fields.code')}
      placeholder={t('fields.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      hint={sender.sentTo ? <span role="status">{t('code.sent', { email: sender.sentTo })}</span> : undefined}
      trailing={
        <button
          type="button"
          className={styles.sendCode}
          disabled={!sender.canSend}
          aria-busy={sender.sending || undefined}
          onClick={onSend}
        >
          {buttonText}
        </button>
      }
    />
  );
}

export const CodeField = observer(CodeFieldView) as typeof CodeFieldView;
