import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** Defaults to "No data" in the active language. */
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A way forward, e.g. a "Deposit" button. */
  action?: ReactNode;
}

/** What a list or chart shows when there is nothing (integrity rule 1: never placeholder data). */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.empty}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className={styles.title}>{title ?? t('ui.empty')}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action}
    </div>
  );
}
