import {
  currencyPrecision,
  formatExactMoney,
  formatMoney,
  isRoundedForDisplay,
  roundToSum,
} from '@swx/shared';
import type { Receipt } from '../../../api';
import { useTradingT } from '../../../i18n';
import styles from './receipt-dialog.module.css';

type Entry = Receipt['entries'][number];

interface Group {
  key: string;
  type: string;
  currency: string;
  entries: Entry[];
}

/** A journal entry's postings per currency: each group sums to zero, which the shown lines must too. */
function groupsOf(entries: readonly Entry[]): Group[] {
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    const key = `${entry.journalId}|${entry.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, type: entry.type, currency: entry.currency, entries: [] };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()];
}

/**
 * The ledger lines of a receipt at the currency's precision, rounded together so they visibly add up (a
 * margin close shows 4.74 + 4,748.24 against −4,752.98, not a cent apart), with the rounding rule stated and
 * the exact amounts on hover and in an expandable list.
 */
export function ReceiptEntries({ entries }: { entries: readonly Entry[] }) {
  const t = useTradingT();
  const groups = groupsOf(entries);
  const decimalsShown = [...new Set(groups.map((g) => currencyPrecision(g.currency)))];
  return (
    <>
      {groups.map((group) => {
        const shown = roundToSum(
          group.entries.map((entry) => entry.amount),
          currencyPrecision(group.currency),
        );
        return (
          <section key={group.key} className={styles.journal} aria-label={t(`records.types.${group.type}`)}>
            <p className={styles.journalType}>
              {t(`records.types.${group.type}`, { defaultValue: group.type })}
            </p>
            <ul className={styles.entries}>
              {group.entries.map((entry, index) => (
                <li key={index} className={styles.entry}>
                  <span className={styles.account}>
                    {t(`receipt.accounts.${entry.account}`, { defaultValue: entry.account })}
                  </span>
                  <bdi
                    dir="ltr"
                    className={styles.amount}
                    title={
                      isRoundedForDisplay(entry.amount, entry.currency)
                        ? formatExactMoney(entry.amount, entry.currency, { signed: true })
                        : undefined
                    }
                    data-testid="receipt-line"
                  >
                    {formatMoney(shown[index]!, entry.currency, { signed: true, rounding: 'halfUp' })}
                  </bdi>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p className={styles.rule}>{t('receipt.rounding', { decimals: decimalsShown.join(' / ') })}</p>
      <details className={styles.exact}>
        <summary>{t('receipt.exact')}</summary>
        <ul className={styles.entries}>
          {entries.map((entry, index) => (
            <li key={index} className={styles.entry}>
              <span className={styles.account}>
                {t(`receipt.accounts.${entry.account}`, { defaultValue: entry.account })}
              </span>
              <bdi dir="ltr" className={styles.amount}>
                {formatExactMoney(entry.amount, entry.currency, { signed: true })}
              </bdi>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
