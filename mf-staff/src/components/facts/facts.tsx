import type { ReactNode } from 'react';
import styles from './facts.module.css';

export type Fact = readonly [label: ReactNode, value: ReactNode, key?: string];

/** A record's facts as a description list: label, value. */
export function Facts({ items, label }: { items: readonly Fact[]; label?: string }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {items.map(([term, value, key], index) => (
        <div key={key ?? index} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
