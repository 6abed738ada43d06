import { observer } from 'mobx-react-lite';
import Decimal from 'decimal.js';
import { CopyButton, EmptyState, formatDate, formatMoney, formatNumber, formatRate } from '@swx/shared';
import { accountApi } from '../../api';
import { AddressBox } from '../../components/address';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import styles from './invite.module.css';

/** `/profile/invite`: the customer's code, link and QR code, their (masked) friends and the rewards earned. */
export const InviteScreen = observer(function InviteScreen() {
  const { t } = useAccountStrings();
  const state = useLoad(() => accountApi.invite(), []);
  return (
    <AccountPage title={t('nav.invite')} back="/profile">
      <LoadView state={state}>
        {(invite) => {
          const rewards = Object.entries(invite.totals.rewards);
          return (
            <>
              <Section title={t('invite.share')} id="invite-share">
                <p className={styles.rate}>
                  {t('invite.rewardRule', {
                    rate: formatRate(invite.rewardRate, {
                      decimals: Math.min(4, new Decimal(invite.rewardRate).times(100).decimalPlaces()),
                    }),
                  })}
                </p>
                <div className={styles.code}>
                  <span>{t('invite.code')}</span>
                  <strong data-testid="invite-code" dir="ltr">
                    {invite.inviteCode}
                  </strong>
                  <CopyButton text={invite.inviteCode}>{t('invite.copyCode')}</CopyButton>
                </div>
                <AddressBox
                  label={t('invite.link')}
                  value={invite.link}
                  qrCode={invite.qrCode}
                  qrAlt={t('invite.qrAlt')}
                  copyLabel={t('invite.copyLink')}
                />
              </Section>
              <Section title={t('invite.totals')} id="invite-totals">
                <dl className={styles.totals}>
                  <div>
                    <dt>{t('invite.friendCount')}</dt>
                    <dd>{formatNumber(invite.totals.friends)}</dd>
                  </div>
                  <div>
                    <dt>{t('invite.rewards')}</dt>
                    <dd>
                      {rewards.length === 0
                        ? '0'
                        : rewards.map(([currency, amount]) => formatMoney(amount, currency)).join(' · ')}
                    </dd>
                  </div>
                </dl>
              </Section>
              <Section title={t('invite.friends')} id="invite-friends">
                {invite.friends.length === 0 ? (
                  <EmptyState title={t('invite.noFriends')} />
                ) : (
                  <ul className={styles.friends} aria-label={t('invite.friends')}>
                    {invite.friends.map((friend, index) => (
                      <li key={`${friend.maskedName}-${index}`}>
                        <span dir="ltr">{friend.maskedName}</span>
                        <time dateTime={friend.joinedAt}>{formatDate(friend.joinedAt)}</time>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
            </>
          );
        }}
      </LoadView>
    </AccountPage>
  );
});
