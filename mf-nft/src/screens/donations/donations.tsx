import { Link } from 'react-router-dom';
import {
  EmptyState,
  formatDateTime,
  formatMoney,
  formatNumber,
  Reference,
  visuallyHiddenClass,
} from '@swx/shared';
import { nftCurrency, type NftDonations } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { LoadView, useLoad } from '../../components/load';
import { NftPage } from '../../components/page';
import { useNftT } from '../../i18n';
import { nftPaths } from '../../paths';
import styles from './donations.module.css';

/** Public: every settled sale (masked winner, amount, time, ledger reference) and the total. */
export function DonationsScreen() {
  const { t } = useNftT();
  const state = useLoad<NftDonations>(() => nftApi.donations(), []);
  return (
    <NftPage title={t('donations.title')}>
      <p className={styles.intro}>{t('donations.intro')}</p>
      <LoadView state={state}>
        {(donations) => (
          <>
            <dl className={styles.summary}>
              <div>
                <dt>{t('donations.total')}</dt>
                <dd data-testid="donations-total">{formatMoney(donations.total, nftCurrency)}</dd>
              </div>
              <div>
                <dt>{t('donations.count')}</dt>
                <dd>{formatNumber(donations.count)}</dd>
              </div>
            </dl>
            {donations.items.length === 0 ? (
              <EmptyState title={t('donations.empty')} />
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className={visuallyHiddenClass}>{t('donations.listLabel')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('donations.nft')}</th>
                      <th scope="col">{t('donations.winner')}</th>
                      <th scope="col">{t('donations.amount')}</th>
                      <th scope="col">{t('donations.time')}</th>
                      <th scope="col">{t('donations.reference')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {donations.items.map((item) => (
                      <tr key={item.ledgerReference} data-testid={`donation-${item.nftId}`}>
                        <td data-label={t('donations.nft')}>
                          <Link to={nftPaths.detail(item.nftId)} translate="no">
                            {item.title}
                          </Link>
                          <span className={styles.charity}>{item.charity}</span>
                        </td>
                        <td data-label={t('donations.winner')} dir="ltr">
                          {item.winner}
                        </td>
                        <td data-label={t('donations.amount')} className={styles.number}>
                          {formatMoney(item.amount, nftCurrency)}
                        </td>
                        <td data-label={t('donations.time')}>
                          <time dateTime={item.settledAt}>{formatDateTime(item.settledAt)}</time>
                        </td>
                        <td data-label={t('donations.reference')}>
                          <Reference value={item.ledgerReference} label={t('donations.reference')} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadView>
    </NftPage>
  );
}
