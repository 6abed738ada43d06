import DataLoader from 'dataloader';

export interface BatcherOptions {
  /** Most keys in one batch (one statement or transaction). */
  maxBatchSize: number;
  /** Most batches running at once; further batches wait for one to finish and keep collecting meanwhile. */
  concurrency: number;
}

/**
 * Turns many concurrent single-key calls into few database round trips (DataLoader, without its cache: every
 * call reaches the database, so nothing is served stale).
 *
 * A batch is sent on the event-loop turn after its first key arrived, unless `concurrency` batches are
 * already running: then it keeps collecting keys until one of them finishes. Under light load a call costs
 * one round trip as before; under heavy load a round trip carries many calls, which is what lets the server
 * keep up instead of queueing for a free connection.
 *
 * `load` answers one value or Error per key, in the keys' order (DataLoader's contract); if it throws, every
 * call of the batch fails with that error.
 */
export function createBatcher<K, V>(
  load: (keys: readonly K[]) => Promise<(V | Error)[]>,
  options: BatcherOptions,
): DataLoader<K, V> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const start = (dispatch: () => void) => {
    running++;
    dispatch();
  };
  return new DataLoader<K, V>(
    async (keys) => {
      try {
        return await load(keys);
      } finally {
        running--;
        const next = waiting.shift();
        if (next) start(next);
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      batchScheduleFn: (dispatch) => {
        setImmediate(() => {
          if (running < options.concurrency) start(dispatch);
          else waiting.push(dispatch);
        });
      },
    },
  );
}
