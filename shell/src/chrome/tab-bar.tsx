import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { HomeIcon, MarketIcon, ProfileIcon, TradingIcon } from './icons';
import styles from './chrome.module.css';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.tab} ${styles.active}` : styles.tab;

/** Mobile bottom tab bar (seed §2): home, market, trading, profile. */
export function TabBar() {
  const { t } = useTranslation('shell');
  return (
    <nav className={styles.tabBar} aria-label={t('nav.tabBar')} data-testid="tab-bar">
      <NavLink to="/" end className={tabClass}>
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to="/market" className={tabClass}>
        <MarketIcon />
        <span>{t('nav.market')}</span>
      </NavLink>
      <NavLink to="/trading" className={tabClass}>
        <TradingIcon />
        <span>{t('nav.trading')}</span>
      </NavLink>
      <NavLink to="/profile" className={tabClass}>
        <ProfileIcon />
        <span>{t('nav.profile')}</span>
      </NavLink>
    </nav>
  );
}
