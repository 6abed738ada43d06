import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from './form-field';
import styles from './fields.module.css';

/** A password field with a show/hide switch, so a customer on a phone can check what they typed. */
export function PasswordField<F extends string>(props: Omit<FormFieldProps<F>, 'type' | 'trailing'>) {
  const { t } = useTranslation('pass');
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      autoCorrect="off"
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? t('password.hide') : t('password.show')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.2a2.3 2.3 0 1 0 0-4.6 2.3 2.3 0 0 0 0 4.6Z"
              fill="currentColor"
            />
            {visible ? null : (
              <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      }
    />
  );
}
