import { autorun, observable, runInAction } from 'mobx';
import { Liveness } from '../liveness';

/** A feed value and a reaction that reads it through a row's liveness, counting its runs. */
function setup() {
  const price = observable.box('100');
  const liveness = new Liveness();
  const seen: string[] = [];
  const dispose = autorun(() => seen.push(liveness.read(() => price.get())));
  const tick = (value: string) => runInAction(() => price.set(value));
  return { liveness, seen, tick, dispose };
}

test('a row starts live: its figures follow every tick', () => {
  const { seen, tick, dispose } = setup();
  tick('101');
  tick('102');
  expect(seen).toEqual(['100', '101', '102']);
  dispose();
});

test('going off screen costs no render, and the next tick lets go of the feed', () => {
  const { liveness, seen, tick, dispose } = setup();
  liveness.set(false);
  expect(seen).toEqual(['100']);
  // Still subscribed from the live render: this tick renders once, untracked, and unsubscribes.
  tick('101');
  tick('102');
  tick('103');
  expect(seen).toEqual(['100', '101']);
  dispose();
});

test('coming back on screen renders the current value and follows the feed again', () => {
  const { liveness, seen, tick, dispose } = setup();
  liveness.set(false);
  tick('101');
  tick('102');
  liveness.set(true);
  expect(seen).toEqual(['100', '101', '102']);
  tick('103');
  expect(seen.at(-1)).toBe('103');
  // The same visibility twice changes nothing.
  liveness.set(true);
  expect(seen).toHaveLength(4);
  dispose();
});
