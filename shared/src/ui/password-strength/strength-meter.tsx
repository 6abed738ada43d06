import { useTranslation } from 'react-i18next';
import type { Strength } from './strength';
import styles from './strength-meter.module.css';

/** Four bars and a sentence: how hard the new password is to guess and, when too easy, why. */
export function StrengthMeter({ strength, id }: { strength: Strength | null; id?: string }) {
  const { t } = useTranslation('common');
  if (!strength) return null;
  const level = t(`strength.level.${strength.score}`);
  return (
    <div className={styles.meter} id={id} role="status" aria-live="polite" data-score={strength.score}>
      <div className={styles.bars} aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={bar <= Math.max(strength.score, 1) ? styles.on : styles.off} />
        ))}
      </div>
      <p className={strength.acceptable ? styles.good : styles.weak}>
        {t('strength.label', { level })}
        {strength.reason ? ` ${t(`strength.reason.${strength.reason}`)}` : ''}
      </p>
    </div>
  );
}
