import { useTranslation } from 'react-i18next';
import { visuallyHiddenClass } from '../visually-hidden';
import { CopyButton } from './copy-button';
import styles from './reference.module.css';

/** Longer than this, a shortened reference shows its start and end only. */
const SHORT_LIMIT = 20;
const SHORT_PART = 8;

/** `0x1f2e3d4c…9a8b7c6d`: the start and end a customer compares against a wallet or a bank statement. */
export function shortenReference(value: string): string {
  if (value.length <= SHORT_LIMIT) return value;
  return `${value.slice(0, SHORT_PART)}…${value.slice(-SHORT_PART)}`;
}

export interface ReferenceProps {
  /** The whole value: a payout reference, a transaction hash, a wallet address. */
  value: string;
  /** What it is ("Transaction reference"), for the copy button's name. */
  label: string;
  /**
   * `wrap` shows every character, broken across lines as the width needs (an address the customer checks
   * in full); `short` shows the start and end on one line (a 64-character hash). Either way the copy
   * button copies the whole value and screen readers hear it whole.
   */
  display?: 'wrap' | 'short';
  className?: string;
}

/**
 * A long machine reference with a copy button, on every screen that shows one: it never makes the page
 * wider than the screen (a 64-character payout reference made `/profile/withdraw` 652 px wide on a phone).
 */
export function Reference({ value, label, display = 'wrap', className }: ReferenceProps) {
  const { t } = useTranslation('common');
  const shown = display === 'short' ? shortenReference(value) : value;
  return (
    <span className={[styles.reference, className ?? ''].filter(Boolean).join(' ')} data-testid="reference">
      {shown === value ? (
        <code className={styles.value} dir="ltr">
          {value}
        </code>
      ) : (
        <code className={`${styles.value} ${styles.short}`} dir="ltr" title={value}>
          <span aria-hidden="true">{shown}</span>
          <span className={visuallyHiddenClass}>{value}</span>
        </code>
      )}
      <CopyButton text={value} variant="ghost" aria-label={t('copy.named', { name: label })} />
    </span>
  );
}
