import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
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
  // A new object per submission, so a second deposit scrolls and announces again.
  const [confirmation, setConfirmation] = useState<{ message: string } | null>(null);
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  // The form is long (QR code, hash, proof): after submitting, the confirmation above it is off screen.
  // It is brought into view and focused, so sighted and screen-reader customers both learn the outcome.
  useEffect(() => {
    const element = confirmationRef.current;
    if (!confirmation || !element) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  }, [confirmation]);
  return (
    <div className={styles.layout}>
      <Section title={t('deposit.title')} id="deposit-form">
        {/* The live region is always there: a region added together with its text is often not read out. */}
        <p
          ref={confirmationRef}
          className={confirmation ? formStyles.success : undefined}
          role="status"
          tabIndex={-1}
          hidden={!confirmation}
        >
          {confirmation?.message}
        </p>
        <LoadView state={options}>
          {(data) => (
            <DepositForm
              options={data}
              onSubmitted={(_deposit, message) => {
                setConfirmation({ message });
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
