import { observer } from 'mobx-react-lite';
import { formatPercent } from '@swx/shared';
import type { RiskStats } from '../../../api';
import { useTradingT } from '../../../i18n';
import styles from './risk-warning.module.css';

/**
 * docs/product.md promise 9: leveraged and option screens state the share of real-money customers who lost
 * money over the window, from the server's closed positions; below 100 customers it says so.
 */
export const RiskWarning = observer(function RiskWarning({
  product,
  risk,
}: {
  product: 'leveraged' | 'options';
  risk: RiskStats | null;
}) {
  const t = useTradingT();
  const figures = risk ? risk[product] : null;
  const days = String(risk?.windowDays ?? 90);
  const share = figures?.lossShare ?? null;
  return (
    <aside className={styles.warning} role="note" data-testid={`risk-warning-${product}`}>
      <strong>{t(product === 'leveraged' ? 'risk.leveragedBase' : 'risk.optionsBase')}</strong>{' '}
      {risk === null
        ? null
        : share === null
          ? t('risk.noData', { days })
          : t(product === 'leveraged' ? 'risk.leveragedShare' : 'risk.optionsShare', {
              days,
              share: formatPercent(share, { decimals: 1, signed: false }),
            })}
    </aside>
  );
});
