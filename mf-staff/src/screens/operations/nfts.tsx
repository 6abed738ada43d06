import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, LoadView, Money, formatDateTime, toaster, useLoad } from '@swx/shared';
import type { StaffNftListing } from '@swx/shared/contract';
import { Status } from '../../components/history';
import { Page, pageStyles, Section } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { NftCreate } from './nft-create';

/** A listing can be cancelled until its first bid and while it has no outcome. */
export function cancellable(listing: StaffNftListing): boolean {
  return listing.bidCount === 0 && listing.outcome === null;
}

/** NFT listings: every auction with its state, cancellation before the first bid, and a new listing. */
export const Nfts = observer(function Nfts() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const listings = useLoad(() => session.api.call('admin.nftListings'), [session]);
  const [cancelling, setCancelling] = useState<StaffNftListing | null>(null);
  return (
    <Page title={t('nfts.title')} lead={t('nfts.lead')}>
      <Section title={t('nfts.listings')} id="nft-listings">
        <LoadView state={listings} t={t} keepDataOnError>
          {(list) => (
            <div className={pageStyles.tableWrap}>
              <table className={pageStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('nfts.titleField')}</th>
                    <th scope="col">{t('nfts.schedule')}</th>
                    <th scope="col">{t('nfts.bids')}</th>
                    <th scope="col">{t('fields.status')}</th>
                    <th scope="col">{t('fields.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((listing) => (
                    <tr key={listing.id}>
                      <th scope="row">
                        {listing.title}
                        <div className={pageStyles.muted}>{listing.charity}</div>
                      </th>
                      <td>
                        {formatDateTime(listing.startsAt)} – {formatDateTime(listing.endsAt)}
                      </td>
                      <td>
                        {listing.bidCount} ·{' '}
                        <Money
                          value={listing.currentBid ?? listing.startingBid}
                          currency={listing.currency}
                        />
                      </td>
                      <td>
                        <Status status={listing.outcome ?? listing.status} />
                      </td>
                      <td>
                        {cancellable(listing) ? (
                          <Button size="small" variant="danger" onClick={() => setCancelling(listing)}>
                            {t('nfts.cancel')}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadView>
      </Section>
      {session.canCall('admin.createNft') ? (
        <Section title={t('nfts.new')} id="nft-new">
          <NftCreate onCreated={listings.reload} />
        </Section>
      ) : null}
      <ReasonDialog
        open={cancelling !== null}
        title={t('nfts.cancelTitle', { title: cancelling?.title ?? '' })}
        confirmLabel={t('nfts.cancel')}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          await session.api.call('admin.cancelNft', { params: { id: cancelling.id }, body: { reason } });
          toaster.show(t('nfts.cancelled'), { tone: 'success' });
          listings.reload();
        }}
      />
    </Page>
  );
});
