import type { Key, ReactNode } from 'react';
import styles from './list.module.css';

export interface ListProps<T> {
  items: readonly T[];
  getKey: (item: T, index: number) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown instead of an empty list (e.g. an `<EmptyState>`). */
  empty?: ReactNode;
  /** Names the list for screen readers ("Open positions"). */
  label?: string;
  className?: string;
  itemClassName?: string;
}

export function List<T>({ items, getKey, renderItem, empty, label, className, itemClassName }: ListProps<T>) {
  if (items.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <ul className={[styles.list, className ?? ''].filter(Boolean).join(' ')} aria-label={label}>
      {items.map((item, index) => (
        <li
          key={getKey(item, index)}
          className={[styles.item, itemClassName ?? ''].filter(Boolean).join(' ')}
        >
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}
