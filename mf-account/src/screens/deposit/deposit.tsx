import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useRootStore } from '@swx/shared';
import { accountApi } from '../../api';
import { DemoNotice } from '../../components/demo-notice';
import { formStyles } from '../../components/form';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import { DepositForm } from './deposit-form';
import { DepositHistory } from './deposit-history';
import styles from './deposit.module.css';

function RealDeposit() {
  const { t } = useAccountStrings();
  const options = useLoad(() => accountApi.depositOptions(), []);
  const history = useLoad(() => accountApi.deposits(), []);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  return (
    <div className={styles.layout}>
      <Section title={t('deposit.title')} id="deposit-form">
        {confirmation ? (
          <p className={formStyles.success} role="status">
            {confirmation}
          </p>
        ) : null}
        <LoadView state={options}>
          {(data) => (
            <DepositForm
              options={data}
              onSubmitted={(_deposit, message) => {
                setConfirmation(message);
                history.reload();
              }}
            />
          )}
        </LoadView>
      </Section>
      <Section title={t('deposit.history')} id="deposit-history">
        <LoadView state={history}>{(deposits) => <DepositHistory deposits={deposits} />}</LoadView>
      </Section>
    </div>
  );
}

/** `/profile/deposit`: crypto deposits into the real account, reviewed by staff (docs/product.md (business rules) Deposits). */
export const DepositScreen = observer(function DepositScreen() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  return (
    <AccountPage title={t('nav.deposit')} back="/profile">
      {settings.isDemo ? <DemoNotice /> : <RealDeposit />}
    </AccountPage>
  );
});
