import { useLayoutEffect, useRef } from 'react';
import styles from './live-price.module.css';

interface LivePriceProps {
  /** The feed price (decimal string or number); null before the first tick. */
  value: string | number | null | undefined;
  /** Text shown for the value, already formatted for the language. */
  children: React.ReactNode;
  className?: string;
  testId?: string;
}

/** A missing price (null before the first tick) is no price, not zero: its arrival is not a rise. */
function toNumber(value: string | number | null | undefined): number {
  return value === null || value === undefined || value === '' ? Number.NaN : Number(value);
}

const flashClasses = [styles.up0, styles.up1, styles.down0, styles.down1].filter((c): c is string => !!c);

/**
 * A price that flashes green or red when the feed moves it. The flash is a CSS animation restarted by
 * swapping between two identical classes on each move; `prefers-reduced-motion` turns it into a steady
 * colour. The class is set on the element directly: a second React render per tick for every visible
 * price would cost more than the price update itself.
 */
export function LivePrice({ value, children, className, testId }: LivePriceProps) {
  const element = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  const moves = useRef(0);

  useLayoutEffect(() => {
    const before = toNumber(previous.current);
    const now = toNumber(value);
    previous.current = value;
    const node = element.current;
    if (!node || !Number.isFinite(before) || !Number.isFinite(now) || before === now) return;
    const direction = now > before ? 'up' : 'down';
    moves.current += 1;
    node.classList.remove(...flashClasses);
    const flash = styles[`${direction}${moves.current % 2}`];
    if (flash) node.classList.add(flash);
    node.dataset.move = direction;
  }, [value]);

  return (
    <span ref={element} className={[styles.price, className].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </span>
  );
}
