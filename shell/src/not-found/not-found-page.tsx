import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '@swx/shared';
import panelStyles from '../module-area/module-area.module.css';
import styles from './not-found-page.module.css';

/**
 * What an address the site has no page for shows (a mistyped or outdated link): says so, names the address,
 * and offers the two ways on a customer most likely wants. The chrome stays, so every other page is one
 * tap away too.
 */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <section
      className={`${panelStyles.panel} ${styles.panel}`}
      aria-labelledby="not-found-title"
      data-testid="not-found"
    >
      <h1 id="not-found-title" className={panelStyles.title}>
        {t('notFound.heading')}
      </h1>
      <p className={panelStyles.text}>{t('notFound.text')}</p>
      <p className={panelStyles.text}>
        <span>{t('notFound.address')}</span>{' '}
        <code dir="ltr" className={styles.path}>
          {pathname}
        </code>
      </p>
      <div className={styles.actions}>
        <Link to="/" className={buttonClasses()}>
          {t('notFound.home')}
        </Link>
        <Link to="/market" className={buttonClasses({ variant: 'secondary' })}>
          {t('notFound.markets')}
        </Link>
      </div>
    </section>
  );
}
