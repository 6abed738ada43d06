import { observer } from 'mobx-react-lite';
import { EmptyState, formatMoney, useRootStore, visuallyHiddenClass } from '@swx/shared';
import { accountApi } from '../../api';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage, Section } from '../../components/page';
import table from '../../components/table/table.module.css';
import { useAccountStrings } from '../../i18n';

/** `/profile/balance`: every currency of the active account set, available and held apart (docs/product.md promise 3). */
export const BalanceScreen = observer(function BalanceScreen() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  const mode = settings.accountMode;
  const state = useLoad(() => accountApi.assets('all'), [mode]);
  return (
    <AccountPage title={settings.isDemo ? t('balance.titleDemo') : t('balance.titleReal')} back="/profile">
      <LoadView state={state}>
        {(data) => (
          <>
            <Section>
              <span>{t('profile.totalUsdt')}</span>
              <strong style={{ fontSize: '1.5rem' }}>{formatMoney(data.totalUsdt, 'USDT')}</strong>
            </Section>
            {data.assets.length === 0 ? (
              <EmptyState title={t('balance.empty')} />
            ) : (
              // A table that scrolls sideways on a phone must be reachable by keyboard (axe: scrollable-region-focusable).
              <div className={table.wrap} tabIndex={0} role="region" aria-label={t('balance.caption')}>
                <table className={table.table}>
                  <caption className={visuallyHiddenClass}>{t('balance.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('balance.currency')}</th>
                      <th scope="col" className={table.number}>
                        {t('balance.available')}
                      </th>
                      <th scope="col" className={table.number}>
                        {t('balance.held')}
                      </th>
                      <th scope="col" className={table.number}>
                        {t('balance.valueUsdt')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.assets.map((asset) => (
                      <tr key={asset.currency}>
                        <th scope="row">{asset.currency}</th>
                        <td className={table.number}>{formatMoney(asset.available, asset.currency)}</td>
                        <td className={table.number}>{formatMoney(asset.held, asset.currency)}</td>
                        <td className={table.number}>
                          {asset.valueUsdt === null
                            ? t('balance.noPrice')
                            : formatMoney(asset.valueUsdt, 'USDT')}
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
    </AccountPage>
  );
});
