import { useTranslation } from 'react-i18next';
import tokens from '../tokens.module.css';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** Number of bars. */
  lines?: number;
  inlineSize?: string;
  blockSize?: string;
}

/** Grey bars while content loads; announced once as "Loading…" rather than as shapes. */
export function Skeleton({ lines = 1, inlineSize = '100%', blockSize = '1rem' }: SkeletonProps) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.group} role="status" aria-busy="true">
      <span className={tokens.visuallyHidden}>{t('ui.loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className={styles.bar}
          aria-hidden="true"
          // The last line is shorter, as text is.
          style={{ inlineSize: index === lines - 1 && lines > 1 ? '60%' : inlineSize, blockSize }}
        />
      ))}
    </div>
  );
}
