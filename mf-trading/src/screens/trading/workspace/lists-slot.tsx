import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where a product's lists (positions, orders, history) are drawn. On a wide screen the workspace shows them
 * under the chart while the order ticket stays beside it; the product panel keeps one state for both, so
 * its lists are rendered into the workspace's slot rather than split into a second component tree.
 */
const ListsSlot = createContext<HTMLElement | null>(null);

export const ListsSlotProvider = ListsSlot.Provider;

/** The children in the workspace's lists area, or in place when there is no workspace (a panel on its own). */
export function InListsArea({ children }: { children: ReactNode }) {
  const slot = useContext(ListsSlot);
  return slot ? createPortal(children, slot) : <>{children}</>;
}
