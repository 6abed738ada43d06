import { Link } from 'react-router-dom';
import {
  EmptyState,
  formatDateTime,
  formatMoney,
  formatNumber,
  Reference,
  visuallyHiddenClass,
} from '@swx/shared';
import { nftCurrency, type CharityPayoutPublic, type NftDonations } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { LoadView, useLoad } from '../../components/load';
import { NftPage } from '../../components/page';
import { useNftT } from '../../i18n';
import { nftPaths } from '../../paths';
import styles from './donations.module.css';

/**
 * What was paid out to the charity: each payout's amount, recipient, the payment's own reference (bank or
 * chain) and the ledger entry that posted it from the charity account.
 */
function CharityPayouts({ payouts }: { payouts: CharityPayoutPublic[] }) {
  const { t } = useNftT();
  return (
    <section className={styles.payouts} aria-labelledby="donation-payouts">
      <h2 id="donation-payouts" className={styles.heading}>
        {t('donations.payoutsTitle')}
      </h2>
      {payouts.length === 0 ? (
        <p className={styles.intro}>{t('donations.payoutsEmpty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={visuallyHiddenClass}>{t('donations.payoutsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('donations.recipient')}</th>
                <th scope="col">{t('donations.amount')}</th>
                <th scope="col">{t('donations.paidAt')}</th>
                <th scope="col">{t('donations.paymentReference')}</th>
                <th scope="col">{t('donations.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.ledgerReference} data-testid={`payout-${payout.ledgerReference}`}>
                  <td data-label={t('donations.recipient')}>{payout.recipient}</td>
                  <td data-label={t('donations.amount')} className={styles.number}>
                    {formatMoney(payout.amount, nftCurrency)}
                  </td>
                  <td data-label={t('donations.paidAt')}>
                    <time dateTime={payout.paidAt}>{formatDateTime(payout.paidAt)}</time>
                  </td>
                  <td data-label={t('donations.paymentReference')}>
                    <Reference value={payout.reference} label={t('donations.paymentReference')} />
                  </td>
                  <td data-label={t('donations.reference')}>
                    <Reference value={payout.ledgerReference} label={t('donations.reference')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * Public: raised, paid out to the charity and held (each from the ledger), every settled sale (masked winner,
 * amount, time, ledger reference) and every payout.
 */
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
                <dt>{t('donations.raised')}</dt>
                <dd data-testid="donations-total">{formatMoney(donations.raised, nftCurrency)}</dd>
              </div>
              <div>
                <dt>{t('donations.paidOut')}</dt>
                <dd data-testid="donations-paid-out">{formatMoney(donations.paidOut, nftCurrency)}</dd>
              </div>
              <div>
                <dt>{t('donations.held')}</dt>
                <dd data-testid="donations-held">{formatMoney(donations.held, nftCurrency)}</dd>
              </div>
              <div>
                <dt>{t('donations.count')}</dt>
                <dd>{formatNumber(donations.count)}</dd>
              </div>
            </dl>
            {donations.heldAsOf ? (
              <p className={styles.asOf}>
                {t('donations.heldAsOf')}{' '}
                <Reference value={donations.heldAsOf} label={t('donations.reference')} />
              </p>
            ) : null}
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
            <CharityPayouts payouts={donations.payouts} />
          </>
        )}
      </LoadView>
    </NftPage>
  );
}
