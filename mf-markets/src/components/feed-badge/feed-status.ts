import { makeAutoObservable, runInAction } from 'mobx';
import { useEffect } from 'react';
import { marketsApi } from '../../api';

/** Which feed the server runs; read once per page load (the server's feed does not change while it runs). */
class FeedStatusStore {
  simulated: boolean | null = null;
  private request: Promise<void> | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  load(): Promise<void> {
    this.request ??= marketsApi.feedStatus().then(
      (status) => {
        runInAction(() => (this.simulated = status.simulated));
      },
      () => {
        // Unknown is not "real": let a later screen ask again.
        this.request = null;
      },
    );
    return this.request;
  }
}

export const feedStatus = new FeedStatusStore();

export function useFeedStatus(): FeedStatusStore {
  useEffect(() => void feedStatus.load(), []);
  return feedStatus;
}
