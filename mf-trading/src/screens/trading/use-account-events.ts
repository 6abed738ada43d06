import { useEffect, useRef } from 'react';
import { getRootStore } from '@swx/shared';

/** Trading events the server pushes to the signed-in customer (fills, closes, settlements, margin calls). */
const tradingEvents = new Set([
  'order_filled',
  'position_closed',
  'position_liquidated',
  'margin_call',
  'option_settled',
]);

/** Calls `onEvent` for each trading event on the shell's one websocket while the caller is mounted. */
export function useTradingEvents(onEvent: (event: { type: string } & Record<string, unknown>) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(
    () =>
      getRootStore().socket.onAccountEvent((event) => {
        if (tradingEvents.has(event.type))
          handler.current(event as { type: string } & Record<string, unknown>);
      }),
    [],
  );
}
