import { useId, type KeyboardEvent } from 'react';
import styles from './segmented.module.css';

export interface SegmentedOption<V extends string | number> {
  value: V;
  label: string;
  /** Colours the chosen option as a buy/up or sell/down choice. */
  tone?: 'up' | 'down';
}

export interface SegmentedProps<V extends string | number> {
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
}

/** A radio group drawn as joined buttons (direction, side, order type); arrow keys move the choice. */
export function Segmented<V extends string | number>({ label, options, value, onChange }: SegmentedProps<V>) {
  const labelId = useId();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = options.findIndex((o) => o.value === value);
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const next = rtl ? 'ArrowLeft' : 'ArrowRight';
    const previous = rtl ? 'ArrowRight' : 'ArrowLeft';
    let target = index;
    if (event.key === next || event.key === 'ArrowDown') target = (index + 1) % options.length;
    else if (event.key === previous || event.key === 'ArrowUp')
      target = (index - 1 + options.length) % options.length;
    else return;
    event.preventDefault();
    onChange(options[target]!.value);
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons[target]?.focus();
  };
  return (
    <div className={styles.group}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.options} onKeyDown={move}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <button
              key={String(option.value)}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              className={[
                styles.option,
                checked ? styles.checked : '',
                option.tone ? styles[option.tone] : '',
              ]
                .filter(Boolean)
                .join(' ')}
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
