import type { ReactNode } from 'react';
import styles from './figures.module.css';

/** Label–value pairs (terms of an order, a receipt), read by screen readers as a description list. */
export function Figures({
  items,
  testId,
}: {
  items: readonly [ReactNode, ReactNode, string?][];
  testId?: string;
}) {
  return (
    <dl className={styles.figures} data-testid={testId}>
      {items.map(([label, value, id], index) => (
        <div key={index} className={styles.row} data-testid={id}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A signed amount coloured as profit or loss, with the sign written out (colour is never the only cue). */
export function SignedAmount({ value, children }: { value: string | null; children: ReactNode }) {
  const tone =
    value === null || /^0(\.0*)?$/.test(value) ? '' : value.startsWith('-') ? styles.down : styles.up;
  return <span className={tone}>{children}</span>;
}
