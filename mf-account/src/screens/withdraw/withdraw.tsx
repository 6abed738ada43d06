import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useRootStore } from '@swx/shared';
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
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const refresh = () => {
    assets.reload();
    history.reload();
  };
  return (
    <div className={styles.layout}>
      <Section title={t('withdraw.title')} id="withdraw-form">
        <IdentityHint />
        {confirmation ? (
          <p className={formStyles.success} role="status">
            {confirmation}
          </p>
        ) : null}
        <LoadView state={assets}>
          {(data) => (
            <WithdrawForm
              available={Object.fromEntries(data.assets.map((asset) => [asset.currency, asset.available]))}
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
