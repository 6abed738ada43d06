import { useEffect, useState, type RefObject } from 'react';

const listeners = new WeakMap<Element, (visible: boolean) => void>();
let shared: IntersectionObserver | null | undefined;

/** One observer for every row of every list: a few hundred observers would cost more than they save. */
function observer(): IntersectionObserver | null {
  if (shared === undefined) {
    shared =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
            },
            // A screen's height of margin: rows scrolled into view are already live.
            { rootMargin: '100% 0px' },
          );
  }
  return shared;
}

/**
 * Whether an element is on or near the screen. Without IntersectionObserver (old browsers, jsdom) every
 * element counts as visible, which is always correct, only slower.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(() => observer() === null);
  useEffect(() => {
    const element = ref.current;
    const io = observer();
    if (!element || !io) return;
    listeners.set(element, setInView);
    io.observe(element);
    return () => {
      io.unobserve(element);
      listeners.delete(element);
    };
  }, [ref]);
  return inView;
}
