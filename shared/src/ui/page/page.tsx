import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './page.module.css';

export interface PageProps {
  /** The page's one h1. */
  title: ReactNode;
  /** Above the heading: a `PageBack` link, or the module's own section links. */
  before?: ReactNode;
  /** A line under the heading. */
  lead?: ReactNode;
  /** Buttons beside the heading (they wrap under it on a phone). */
  actions?: ReactNode;
  /** The content column's largest width: 960 px for forms and settings, 1,040 px, or 1,200 px for galleries. */
  width?: 'narrow' | 'medium' | 'wide';
  children: ReactNode;
}

/** The frame of a module's page inside the shell's <main>: heading, then a column of sections. */
export function Page({ title, before, lead, actions, width = 'medium', children }: PageProps) {
  const widthClass = width === 'narrow' ? styles.narrow : width === 'wide' ? styles.wide : '';
  return (
    <div className={`${styles.page} ${widthClass}`.trim()}>
      <header className={styles.header}>
        {before ? <div className={styles.before}>{before}</div> : null}
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** The link back to the page above this one, its arrow pointing back in the reading direction. */
export function PageBack({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className={styles.back} to={to}>
      <span aria-hidden="true" className={styles.arrow}>
        ‹
      </span>{' '}
      {children}
    </Link>
  );
}

export interface SectionProps {
  /** The section's h2; it names the region for screen readers. */
  title?: ReactNode;
  /** The heading's id (one is made when not given). */
  id?: string;
  /** Beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled block of a page. */
export function Section({ title, id, actions, children }: SectionProps) {
  const madeId = useId();
  const headingId = id ?? madeId;
  return (
    <section className={styles.section} aria-labelledby={title ? headingId : undefined}>
      {title || actions ? (
        <div className={styles.sectionHead}>
          {title ? (
            <h2 className={styles.sectionTitle} id={headingId}>
              {title}
            </h2>
          ) : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
