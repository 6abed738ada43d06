import { useEffect, useState } from 'react';
import { useRootStore } from '@swx/shared';
import type { MyBidStatus } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { useNftLive } from '../../store';

export interface MyStanding {
  /** Available balance in the auction's currency; null until known. */
  available: string | null;
  /** What this customer holds on this NFT (their highest bid while they lead), else "0". */
  held: string;
  status: MyBidStatus | null;
}

const nobody: MyStanding = { available: null, held: '0', status: null };

/**
 * The signed-in real-account customer's position on one NFT and their available balance. Reloaded when the
 * socket says their position changed (outbid, won, lost), when a new bid arrives on this NFT, and after
 * they bid (`version`).
 */
export function useMyStanding(nftId: string, currency: string, version: number): MyStanding {
  const { session, settings } = useRootStore();
  const live = useNftLive();
  const eligible = session.isLoggedIn && settings.accountMode === 'real';
  const [standing, setStanding] = useState<MyStanding>(nobody);
  const accountVersion = live.accountVersion;
  const bidCount = live.bids.get(nftId)?.bidCount ?? -1;
  const lang = settings.language;

  useEffect(() => {
    if (!eligible) return;
    let current = true;
    void Promise.all([nftApi.available(currency), nftApi.mine(lang)]).then(
      ([available, mine]) => {
        if (!current) return;
        const mineHere = mine.bids.find((entry) => entry.nft.id === nftId);
        setStanding({ available, held: mineHere?.held ?? '0', status: mineHere?.status ?? null });
      },
      () => {
        // The form still works without these figures; the server checks the balance anyway.
        if (current) setStanding(nobody);
      },
    );
    return () => {
      current = false;
    };
  }, [eligible, nftId, currency, lang, version, accountVersion, bidCount]);

  // Signed out or in demo: nothing of the customer's to show, whatever was loaded before.
  return eligible ? standing : nobody;
}
