import { observer } from 'mobx-react-lite';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Skeleton, Tabs, toaster, useRootStore } from '@swx/shared';
import type { KycDetail } from '@swx/shared/contract';
import { Page, pageStyles } from '../../components/page';
import { useLoanStrings, useLoanStringsReady } from '../../i18n';
import { ApplySection } from '../apply';
import { LoansSection } from '../loans';
import { VerifySection } from '../verify';

const tabNames = ['verify', 'apply', 'loans'] as const;
type Tab = (typeof tabNames)[number];

function isTab(value: string | null): value is Tab {
  return tabNames.includes(value as Tab);
}

/**
 * `/loan`: verification, application and the customer's loans on one route (the shell gives the module
 * `/loan` only), the open tab and loan kept in the address so a link, Back and a reload land on them.
 */
const LoanPageContent = observer(function LoanPageContent() {
  const { t } = useLoanStrings();
  const { session } = useRootStore();
  const [params, setParams] = useSearchParams();
  const [version, setVersion] = useState(0);
  const verified = session.userInfo?.kycStatus === 'verified';
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : verified ? 'apply' : 'verify';
  const openId = params.get('loan');

  const show = useCallback(
    (next: Tab, loan: string | null = null) => {
      const query = new URLSearchParams();
      query.set('tab', next);
      if (loan) query.set('loan', loan);
      setParams(query);
    },
    [setParams],
  );

  // The verification answer is fresher than the session's copy of the customer (a decision since sign-in).
  const onStatus = useCallback(
    (detail: KycDetail) => {
      const user = session.userInfo;
      if (user && user.kycStatus !== detail.status)
        session.setUserInfo({ ...user, kycStatus: detail.status });
    },
    [session],
  );

  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <Tabs
        className={pageStyles.tabs}
        label={t('page.sections')}
        value={tab}
        onChange={(next) => show(next)}
        tabs={tabNames.map((name) => ({ value: name, label: t(`page.tabs.${name}`) }))}
      >
        {tab === 'verify' ? <VerifySection onStatus={onStatus} /> : null}
        {tab === 'apply' ? (
          <ApplySection
            onVerify={() => show('verify')}
            onApplied={(loan) => {
              toaster.show(t('apply.applied', { id: loan.id }), { tone: 'success' });
              setVersion((n) => n + 1);
              show('loans', loan.id);
            }}
          />
        ) : null}
        {tab === 'loans' ? (
          <LoansSection openId={openId} onOpen={(id) => show('loans', id)} version={version} />
        ) : null}
      </Tabs>
    </Page>
  );
});

export function LoanPage() {
  const ready = useLoanStringsReady();
  if (!ready)
    return (
      <div className={pageStyles.page} aria-busy="true">
        <Skeleton lines={6} />
      </div>
    );
  return <LoanPageContent />;
}
