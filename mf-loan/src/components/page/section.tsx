import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A titled block of the loan page; the heading labels the region for screen readers. */
export function Section({
  title,
  id,
  children,
  actions,
}: {
  title: ReactNode;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id={id}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
