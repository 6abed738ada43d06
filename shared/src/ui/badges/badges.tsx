import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { getRootStore } from '../../store/root-store';
import styles from './badges.module.css';

/**
 * The DEMO marker (integrity rule 7): shows while the demo account is active. Reads the root store unless
 * told otherwise with `active`.
 */
export const DemoBadge = observer(function DemoBadge({ active }: { active?: boolean }) {
  const { t } = useTranslation('common');
  const isDemo = active ?? getRootStore().settings.isDemo;
  if (!isDemo) return null;
  return (
    <span className={`${styles.badge} ${styles.demo}`} title={t('account.demoTitle')}>
      {t('account.demo')}
    </span>
  );
});

/**
 * The REAL marker: the counterpart of DEMO, so a customer on a small screen always sees which money is in
 * play. Reads the root store unless told otherwise with `active`.
 */
export const RealBadge = observer(function RealBadge({ active }: { active?: boolean }) {
  const { t } = useTranslation('common');
  const isReal = active ?? !getRootStore().settings.isDemo;
  if (!isReal) return null;
  return (
    <span className={`${styles.badge} ${styles.real}`} title={t('account.realTitle')}>
      {t('account.real')}
    </span>
  );
});

/**
 * "Simulated market data" on every screen that shows prices while the server's feed is the simulator
 * (integrity rule 1). Reads the feed the server announced (`market.feed`) unless told with `simulated`.
 */
export const SimulatedBadge = observer(function SimulatedBadge({ simulated }: { simulated?: boolean }) {
  const { t } = useTranslation('common');
  const show = simulated ?? getRootStore().market.isSimulated;
  if (!show) return null;
  return (
    <span className={`${styles.badge} ${styles.simulated}`} title={t('account.simulatedTitle')}>
      {t('account.simulated')}
    </span>
  );
});
