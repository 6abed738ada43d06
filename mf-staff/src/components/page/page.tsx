import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A back-office page: its title (the page's one h1), an optional lead and actions, then its sections. */
export function Page({
  title,
  lead,
  actions,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A titled block of a page, labelled by its heading for screen readers. */
export function Section({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
