import { formatMoney, type MoneyOptions } from '../../i18n/format';
import styles from './money.module.css';

export interface MoneyProps extends Omit<MoneyOptions, 'lang'> {
  /** A decimal string as the API sends it. */
  value: string;
  currency: string;
  /** Colour gains and losses (the sign is always written, so colour is never the only cue). */
  tone?: boolean;
  testId?: string;
}

/**
 * An amount as posted, at its currency's precision (docs/product.md, ledger precision), isolated
 * left-to-right so a minus sign and the code stay in place in Arabic, never wrapped mid-number. An amount
 * posted before ledger precision shows its further digits: it is never rounded a second way.
 */
export function Money({ value, currency, tone, testId, ...options }: MoneyProps) {
  const shown = formatMoney(value, currency, options);
  const direction = /^-/.test(value) ? 'down' : /^0*(\.0*)?$/.test(value) ? 'flat' : 'up';
  return (
    <bdi
      dir="ltr"
      className={[styles.money, tone ? styles[direction] : ''].filter(Boolean).join(' ')}
      data-exact={value}
      data-testid={testId}
    >
      {shown}
    </bdi>
  );
}
