import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { formatDateTime, getRootStore, useRootStore } from '@swx/shared';
import { accountApi } from '../../api';
import { DemoNotice } from '../../components/demo-notice';
import { formStyles } from '../../components/form';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import styles from '../deposit/deposit.module.css';
import { WithdrawForm } from './withdraw-form';
import { WithdrawHistory } from './withdraw-history';
import { IdentityHint } from './identity-hint';

function RealWithdraw() {
  const { t } = useAccountStrings();
  const assets = useLoad(() => accountApi.assets('all'), []);
  const history = useLoad(() => accountApi.withdrawals(), []);
  // The address book and any withdrawal lock (the security domain's), said before any terms are asked.
  const book = useLoad(() => getRootStore().api.call('security.addresses'), []);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const refresh = () => {
    assets.reload();
    history.reload();
  };
  return (
    <div className={styles.layout}>
      <Section title={t('withdraw.title')} id="withdraw-form">
        <IdentityHint />
        {book.data?.lock ? (
          <p className={formStyles.alert} role="status" data-testid="withdrawal-lock">
            {t('withdraw.locked', {
              until: formatDateTime(book.data.lock.until),
              reason: t(`security.lockReason.${book.data.lock.reason}`),
            })}
          </p>
        ) : null}
        {confirmation ? (
          <p className={formStyles.success} role="status">
            {confirmation}
          </p>
        ) : null}
        <LoadView state={assets}>
          {(data) => (
            <WithdrawForm
              available={Object.fromEntries(data.assets.map((asset) => [asset.currency, asset.available]))}
              book={book.data}
              onSubmitted={(_withdrawal, message) => {
                setConfirmation(message);
                refresh();
              }}
            />
          )}
        </LoadView>
      </Section>
      <Section title={t('withdraw.history')} id="withdraw-history">
        <LoadView state={history}>
          {(withdrawals) => <WithdrawHistory withdrawals={withdrawals} onChanged={refresh} />}
        </LoadView>
      </Section>
    </div>
  );
}

/** `/profile/withdraw`: withdrawals from the real account, quoted, held and reviewed (docs/product.md, business rules). */
export const WithdrawScreen = observer(function WithdrawScreen() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  return (
    <AccountPage title={t('nav.withdraw')} back="/profile">
      {settings.isDemo ? <DemoNotice /> : <RealWithdraw />}
    </AccountPage>
  );
});
