import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAccountStrings } from '../../i18n';
import styles from './page.module.css';

interface AccountPageProps {
  title: ReactNode;
  /** Where the back link goes (the page above this one). */
  back?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every account and help page: back link, heading, content column (inside the shell's <main>). */
export function AccountPage({ title, back, actions, children }: AccountPageProps) {
  const { t } = useAccountStrings();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {back ? (
          <Link className={styles.back} to={back}>
            <span aria-hidden="true" className={styles.arrow}>
              ‹
            </span>{' '}
            {t('nav.back')}
          </Link>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A titled block inside a page. */
export function Section({ title, children, id }: { title?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section className={styles.section} aria-labelledby={title && id ? id : undefined}>
      {title ? (
        <h2 className={styles.sectionTitle} id={id}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
