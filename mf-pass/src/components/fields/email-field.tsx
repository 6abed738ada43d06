import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from './form-field';

/** The e-mail address field of the sign-up and reset forms. */
export function EmailField<F extends string>(props: Omit<FormFieldProps<F>, 'label' | 'type'>) {
  const { t } = useTranslation('pass');
  return (
    <FormField
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      maxLength={254}
      required
      {...props}
    />
  );
}
