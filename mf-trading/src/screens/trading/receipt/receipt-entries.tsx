import { formatMoney } from '@swx/shared';
import type { Receipt } from '../../../api';
import { useTradingT } from '../../../i18n';
import styles from './receipt-dialog.module.css';

type Entry = Receipt['entries'][number];

interface Group {
  key: string;
  type: string;
  entries: Entry[];
}

/** A journal entry's postings per currency: each group sums to zero, as the shown lines do. */
function groupsOf(entries: readonly Entry[]): Group[] {
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    const key = `${entry.journalId}|${entry.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, type: entry.type, entries: [] };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()];
}

/**
 * The ledger lines of a receipt, each exactly as posted (docs/product.md, ledger precision): postings are
 * whole units of their currency, so the lines show the cents the card, the records row and the CSV show, and
 * they add up with no rounding of their own. An entry posted before ledger precision shows all its digits.
 */
export function ReceiptEntries({ entries }: { entries: readonly Entry[] }) {
  const t = useTradingT();
  return (
    <>
      {groupsOf(entries).map((group) => (
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
                <bdi dir="ltr" className={styles.amount} data-testid="receipt-line">
                  {formatMoney(entry.amount, entry.currency, { signed: true })}
                </bdi>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
