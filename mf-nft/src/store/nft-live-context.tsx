import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { getRootStore } from '@swx/shared';
import { featureName, NftLiveStore } from './nft-live-store';

const LiveContext = createContext<NftLiveStore | null>(null);

/**
 * Creates the module's live store when the module mounts, attaches it to the root store (as `nft`) and
 * starts it; on unmount the socket listener and the clock stop and the store is detached.
 */
export function NftLiveProvider({ children, store }: { children: ReactNode; store?: NftLiveStore }) {
  const [live] = useState(() => store ?? new NftLiveStore());
  useEffect(() => {
    const root = getRootStore();
    root.attach(featureName, live);
    live.start(root);
    return () => {
      live.stop();
      root.detach(featureName);
    };
  }, [live]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

export function useNftLive(): NftLiveStore {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useNftLive: render inside <NftLiveProvider>');
  return live;
}
