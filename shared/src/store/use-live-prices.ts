import { useEffect } from 'react';
import { getRootStore } from './root-store';

/**
 * Subscribes the shell's one websocket to live prices of these codes while the calling component is
 * mounted; the prices arrive in `market`. The socket counts references, so two screens (or two modules)
 * watching one code share one server subscription. The order and duplicates of `codes` do not matter to the
 * server, only to when the effect re-runs (a new list of the same codes in the same order re-subscribes
 * nothing).
 */
export function useLivePrices(codes: readonly string[]): void {
  const key = codes.join(',');
  useEffect(() => {
    if (!key) return;
    const socket = getRootStore().socket;
    const stops = key.split(',').map((code) => socket.subscribe(code));
    return () => stops.forEach((stop) => stop());
  }, [key]);
}
