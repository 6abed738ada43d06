import { getRootStore, type RootStore } from './root-store';

/** The root store in a component. There is exactly one per page, so no React context is needed. */
export function useRootStore(): RootStore {
  return getRootStore();
}
