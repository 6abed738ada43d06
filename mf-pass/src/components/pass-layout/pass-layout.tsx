import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './pass-layout.module.css';

interface PassLayoutProps {
  title: string;
  subtitle?: string;
  /** Links under the form ("no account yet? sign up"). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every sign-in page: on desktop the form sits beside a short word about the product, under
 * the shell's top bar; on a phone the form fills the screen under a way back home (no tab bar here).
 */
export function PassLayout({ title, subtitle, footer, children }: PassLayoutProps) {
  const { t } = useTranslation('pass');
  return (
    <div className={styles.page}>
      <div className={styles.frame}>
        <aside className={styles.brand}>
          <p className={styles.brandName}>{t('brand.name')}</p>
          <p className={styles.tagline}>{t('brand.tagline')}</p>
          <p className={styles.demoNote}>{t('brand.demoNote')}</p>
        </aside>
        <div className={styles.main}>
          <section className={styles.card} aria-labelledby="pass-title">
            <Link className={styles.home} to="/">
              <span className={styles.homeArrow} aria-hidden="true">
                ‹
              </span>
              {t('nav.home')}
            </Link>
            <h1 id="pass-title" className={styles.title}>
              {title}
            </h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
            {children}
            {footer ? <div className={styles.footer}>{footer}</div> : null}
          </section>
        </div>
      </div>
    </div>
  );
}
