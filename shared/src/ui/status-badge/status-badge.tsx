import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

export type StatusTone = 'neutral' | 'pending' | 'good' | 'bad' | 'warning' | 'live' | 'upcoming' | 'ended';

/** A small label for a state (pending, approved, demo...); the text carries the meaning, colour only helps. */
export function StatusBadge({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone] ?? ''}`}>{children}</span>;
}
