import { useEffect } from 'react';
import { toaster } from '@swx/shared';
import { useNftT } from './i18n';
import { useNftLive, type NftNotice } from './store';

function titleOf(notice: NftNotice): string {
  const title = notice.params.title;
  return typeof title === 'string' ? title : '';
}

/**
 * While an NFT page is open, an outbid notice is said at once (the bell counts it too): the customer sees
 * that their hold was released without opening the notifications.
 */
export function LiveNotices() {
  const { t } = useNftT();
  const live = useNftLive();
  useEffect(
    () =>
      live.onNotice((notice) => {
        if (notice.kind === 'nft.outbid')
          toaster.show(t('live.outbid', { title: titleOf(notice) }), { tone: 'info', durationMs: 8000 });
      }),
    [live, t],
  );
  return null;
}
