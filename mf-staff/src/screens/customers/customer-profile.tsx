import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { Button, LoadView, Tabs, formatDateTime, toaster, useLoad } from '@swx/shared';
import type { CustomerProfile } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { IdentityRecord } from '../../components/identity-record';
import { Status } from '../../components/history';
import { Page, Section } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { CustomerBookView } from './customer-book';
import { NotesPanel, SessionsPanel } from './customer-parts';
import { CorrectionsList } from './corrections';
import { CustomerSecurityPanel } from './customer-security';

function AccountStatus({ profile, onChanged }: { profile: CustomerProfile; onChanged: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [open, setOpen] = useState(false);
  const disabled = profile.account.status === 'disabled';
  const key = disabled ? 'admin.enableCustomer' : 'admin.disableCustomer';
  if (!session.canCall(key)) return null;
  return (
    <>
      <Button variant={disabled ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>
        {disabled ? t('customers.enable') : t('customers.disable')}
      </Button>
      <ReasonDialog
        open={open}
        danger={!disabled}
        title={disabled ? t('customers.enableTitle') : t('customers.disableTitle')}
        confirmLabel={disabled ? t('customers.enable') : t('customers.disable')}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          await session.api.call(key, { params: { id: profile.account.id }, body: { reason } });
          toaster.show(disabled ? t('customers.enabled') : t('customers.disabled'), { tone: 'success' });
          onChanged();
        }}
      />
    </>
  );
}

/**
 * The customer's identity record, read when the profile opens (audited by the server, masked where
 * sensitive); a customer who never started a verification has none.
 */
function CustomerIdentity({ customerId, username }: { customerId: string; username: string }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const identity = useLoad(
    () => session.api.call('admin.customerIdentity', { params: { id: customerId } }),
    [session, customerId],
  );
  return (
    <LoadView state={identity} t={t}>
      {(view) =>
        view ? <IdentityRecord identity={view} username={username} /> : <p>{t('identity.none')}</p>
      }
    </LoadView>
  );
}

function ProfileView({ profile, onChanged }: { profile: CustomerProfile; onChanged: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [mode, setMode] = useState<'real' | 'demo'>('real');
  const { account } = profile;
  return (
    <Page
      title={account.username}
      lead={t('customers.profileLead', { id: account.id })}
      actions={<AccountStatus profile={profile} onChanged={onChanged} />}
    >
      <Section title={t('customers.account')} id="customer-account">
        <Facts
          items={[
            [t('customers.id'), account.id],
            [t('customers.email'), account.email ?? '—'],
            [t('fields.status'), <Status key="s" status={account.status} />],
            [t('customers.kyc'), <Status key="k" status={account.kycStatus} />],
            [t('customers.mode'), t(`ledger.modes.${account.accountMode}`)],
            [t('customers.since'), formatDateTime(account.createdAt)],
            [t('customers.inviteCode'), account.inviteCode],
            [t('customers.invitedBy'), account.invitedBy ?? '—'],
            [t('customers.password'), account.hasPassword ? t('params.yes') : t('params.no')],
            [t('customers.wallets'), account.wallets.join(', ') || '—'],
          ]}
        />
      </Section>
      <Section title={t('customers.money')} id="customer-money">
        <Tabs
          label={t('customers.money')}
          value={mode}
          onChange={setMode}
          tabs={[
            { value: 'real', label: t('ledger.modes.real') },
            { value: 'demo', label: t('ledger.modes.demo') },
          ]}
        >
          <CustomerBookView book={profile[mode]} mode={mode} customerId={account.id} />
        </Tabs>
      </Section>
      <Section title={t('identity.title')} id="customer-identity">
        <CustomerIdentity customerId={account.id} username={account.username} />
      </Section>
      <Section title={t('customers.sessions')} id="customer-sessions">
        <SessionsPanel customerId={account.id} initial={profile.sessions} />
      </Section>
      {session.canCall('admin.customerSecurity') ? (
        <Section title={t('security.title')} id="customer-security">
          <CustomerSecurityPanel customerId={account.id} />
        </Section>
      ) : null}
      <Section title={t('customers.notes')} id="customer-notes">
        <NotesPanel customerId={account.id} />
      </Section>
      {session.canCall('admin.corrections') ? (
        <Section title={t('corrections.title')} id="customer-corrections">
          <CorrectionsList customerId={account.id} />
        </Section>
      ) : null}
    </Page>
  );
}

/** `/staff/customers/:id`: the customer's account, money in both modes, sessions, notes and corrections. */
export const CustomerProfilePage = observer(function CustomerProfilePage() {
  const { id = '' } = useParams();
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const profile = useLoad(() => session.api.call('admin.customer', { params: { id } }), [id]);
  return (
    <LoadView state={profile} t={t} keepDataOnError>
      {(answer) => <ProfileView profile={answer} onChanged={profile.reload} />}
    </LoadView>
  );
});
