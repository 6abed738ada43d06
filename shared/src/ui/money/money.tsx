import { formatExactMoney, formatMoney, isRoundedForDisplay, type MoneyOptions } from '../../i18n/format';
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
 * An amount at its currency's precision, isolated left-to-right so a minus sign and the code stay in place in
 * Arabic, never wrapped mid-number. When rounding hides digits, the exact amount is the element's title (on
 * hover) and is read to screen readers through `aria-label`.
 */
export function Money({ value, currency, tone, testId, ...options }: MoneyProps) {
  const shown = formatMoney(value, currency, options);
  const exact = isRoundedForDisplay(value, currency)
    ? formatExactMoney(value, currency, { signed: options.signed })
    : undefined;
  const direction = /^-/.test(value) ? 'down' : /^0*(\.0*)?$/.test(value) ? 'flat' : 'up';
  return (
    <bdi
      dir="ltr"
      className={[styles.money, tone ? styles[direction] : ''].filter(Boolean).join(' ')}
      title={exact}
      data-exact={value}
      data-testid={testId}
    >
      {shown}
    </bdi>
  );
}
