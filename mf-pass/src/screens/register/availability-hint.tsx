import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityCheck } from './availability';
import styles from './register.module.css';

/** The field hint while a name is checked: "checking…", then "available" (a taken name is an error instead). */
export const AvailabilityHint = observer(function AvailabilityHint({
  check,
  availableText,
  fallback,
}: {
  check: AvailabilityCheck;
  availableText: string;
  fallback?: ReactNode;
}) {
  const { t } = useTranslation('pass');
  if (check.state === 'checking') return <span role="status">{t('availability.checking')}</span>;
  if (check.state === 'available') {
    return (
      <span role="status" className={styles.available}>
        <span aria-hidden="true">✓ </span>
        {availableText}
      </span>
    );
  }
  return <>{fallback}</>;
});
