import { useCallback, useEffect, useRef, useState } from 'react';
import { getRootStore } from '@swx/shared';
import { isChainDepositEvent, type ChainDeposit, type ChainDepositEvent } from '@swx/shared/contract';
import { accountApi } from '../../../api';
import { useLoad } from '../../../components/load';

/**
 * The customer's chain deposits, live: the list from `GET /user/chainDeposits` (`state`), and `patched`, which
 * lays each `chain.deposit` socket event's confirmations over it; a new transfer or a changed status reloads
 * the list (it brings the amounts credited and the times). `onCredited` runs when a transfer becomes credited.
 */
export function useChainDeposits(onCredited: () => void) {
  const state = useLoad(() => accountApi.chainDeposits(), []);
  // Each deposit's newest event, with the list that was on screen when it arrived.
  const [live, setLive] = useState<ReadonlyMap<string, Held>>(new Map());
  const current = useRef({ known: state.data, reload: state.reload, onCredited });
  useEffect(() => {
    current.current = { known: state.data, reload: state.reload, onCredited };
  });

  useEffect(
    () =>
      getRootStore().socket.onAccountEvent((event) => {
        if (!isChainDepositEvent(event)) return;
        const { known, reload, onCredited: credited } = current.current;
        const before = known?.find((deposit) => deposit.id === event.id);
        setLive((previous) => {
          // Within a status the count only moves up: an event that arrives after a newer one (two passes'
          // events crossing on the way) does not take the count back.
          const held = previous.get(event.id)?.event;
          if (held && held.status === event.status && held.confirmations >= event.confirmations)
            return previous;
          return new Map(previous).set(event.id, { event, list: known });
        });
        if (!before || before.status !== event.status) reload();
        if (event.status === 'credited' && before?.status !== 'credited') credited();
      }),
    [],
  );

  // The list as loaded, with what an event brought since: the confirmations within the same status (never
  // fewer than loaded), and a new status until the list is loaded again (the reload brings its amounts and
  // times; meanwhile the count must not fall back to the one loaded before the events).
  const patched = useCallback(
    (deposits: readonly ChainDeposit[]): ChainDeposit[] =>
      deposits.map((deposit) => {
        const held = live.get(deposit.id);
        if (!held) return deposit;
        const { event } = held;
        if (event.status === deposit.status)
          return { ...deposit, confirmations: Math.max(deposit.confirmations, event.confirmations) };
        // The list on screen is the one the event came after: the event is newer.
        if (held.list === deposits)
          return { ...deposit, status: event.status, confirmations: event.confirmations };
        return deposit;
      }),
    [live],
  );
  return { state, patched };
}

/** A deposit's newest event, and the list on screen when it arrived (undefined: none loaded yet). */
interface Held {
  event: ChainDepositEvent;
  list: readonly ChainDeposit[] | null | undefined;
}
