import { formatDateTime, formatMoney, visuallyHiddenClass } from '@swx/shared';
import type { NftBid } from '@swx/shared/contract';
import { Section } from '../../components/page';
import { useNftT } from '../../i18n';
import styles from './detail.module.css';

/** Every accepted bid, newest first; bidders are masked by the server. */
export function BidHistory({ bids, currency }: { bids: NftBid[]; currency: string }) {
  const { t } = useNftT();
  return (
    <Section title={t('detail.historyTitle')} id="nft-history">
      {bids.length === 0 ? (
        <p className={styles.paragraph}>{t('detail.historyEmpty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="nft-history">
            <caption className={visuallyHiddenClass}>{t('detail.historyTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.bidder')}</th>
                <th scope="col">{t('detail.amount')}</th>
                <th scope="col">{t('detail.time')}</th>
              </tr>
            </thead>
            <tbody>
              {bids.map((bid) => (
                <tr key={bid.id} data-testid="bid-row">
                  <td dir="ltr">{bid.bidder}</td>
                  <td className={styles.number}>
                    {formatMoney(bid.amount, currency)}
                    {bid.extended ? (
                      <span className={styles.note}> · {t('detail.historyExtended')}</span>
                    ) : null}
                  </td>
                  <td>
                    <time dateTime={bid.createdAt}>{formatDateTime(bid.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
