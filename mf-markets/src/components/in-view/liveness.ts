import { observable, runInAction, untracked } from 'mobx';
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
 * Whether a row's figures follow the feed: on while the row is on or near the screen, off further away, so a
 * long list costs only its visible rows on every tick. A row starts live (lists mount from the top, where the
 * screen is), so a row on screen never renders twice for it. Turning off costs no render either: the
 * row's observers stay subscribed until that market's next tick, whose render reads untracked and so lets
 * go. Turning on wakes them (one observable counter) to read and subscribe again; the row itself never
 * re-renders for a change of visibility.
 */
export class Liveness {
  private live = true;
  private readonly wakes = observable.box(0);

  set(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    if (live) runInAction(() => this.wakes.set(this.wakes.get() + 1));
  }

  /** Runs `read` tracked while live, untracked otherwise (the value as of now, no subscription). */
  read<T>(read: () => T): T {
    this.wakes.get();
    return this.live ? read() : untracked(read);
  }
}

/**
 * The liveness of the element behind `ref`, kept by one shared IntersectionObserver. Without one (old
 * browsers, jsdom) every element stays live, which is always correct, only slower.
 */
export function useLiveness(ref: RefObject<Element | null>): Liveness {
  const [liveness] = useState(() => new Liveness());
  useEffect(() => {
    const element = ref.current;
    const io = observer();
    if (!element || !io) return;
    listeners.set(element, (visible) => liveness.set(visible));
    io.observe(element);
    return () => {
      io.unobserve(element);
      listeners.delete(element);
    };
  }, [ref, liveness]);
  return liveness;
}
