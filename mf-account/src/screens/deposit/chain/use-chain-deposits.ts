import { useEffect, useMemo, useRef, useState } from 'react';
import { getRootStore } from '@swx/shared';
import { isChainDepositEvent, type ChainDeposit, type ChainDepositEvent } from '@swx/shared/contract';
import { accountApi } from '../../../api';
import { useLoad } from '../../../components/load';

/**
 * The customer's chain deposits, live: the list from `GET /user/chainDeposits`, with each `chain.deposit`
 * socket event's confirmations patched in place; a new transfer or a changed status reloads the list (it
 * brings the amounts credited and the times). `onCredited` runs when a transfer becomes credited.
 */
export function useChainDeposits(onCredited: () => void) {
  const list = useLoad(() => accountApi.chainDeposits(), []);
  const [live, setLive] = useState<ReadonlyMap<string, ChainDepositEvent>>(new Map());
  const known = useRef<readonly ChainDeposit[] | null>(null);
  known.current = list.data;
  const handlers = useRef({ reload: list.reload, onCredited });
  handlers.current = { reload: list.reload, onCredited };

  useEffect(
    () =>
      getRootStore().socket.onAccountEvent((event) => {
        if (!isChainDepositEvent(event)) return;
        const before = known.current?.find((deposit) => deposit.id === event.id);
        setLive((previous) => new Map(previous).set(event.id, event));
        if (!before || before.status !== event.status) handlers.current.reload();
        if (event.status === 'credited' && before?.status !== 'credited') handlers.current.onCredited();
      }),
    [],
  );

  // The list as loaded, with the confirmations an event brought since (never fewer than loaded).
  const deposits = useMemo(
    () =>
      list.data?.map((deposit) => {
        const event = live.get(deposit.id);
        if (!event || event.status !== deposit.status) return deposit;
        return { ...deposit, confirmations: Math.max(deposit.confirmations, event.confirmations) };
      }) ?? null,
    [list.data, live],
  );
  return { ...list, data: deposits };
}
