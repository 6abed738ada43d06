import { observer } from 'mobx-react-lite';
import { LoadView, useLoad } from '@swx/shared';
import { Page, Section } from '../../components/page';
import { RequireRole } from '../../components/require-role';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { AttentionList } from './chain-attention';
import { HeldWithdrawals, HotWallets, NetworkHealth } from './chain-wallets';
import { SweepHistory } from './sweep-history';

/**
 * `/staff/operations/chain` (finance): the on-chain side of deposits and withdrawals. Each watched network's
 * node health, the hot wallet to fund and the withdrawals waiting for it, the transfers a person has to look
 * at, and the sweeps of deposit addresses into the hot wallet.
 */
export const ChainPage = observer(function ChainPage() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const chain = useLoad(() => session.api.call('admin.chainDeposits'), [session.me?.staffId]);
  return (
    <Page title={t('chain.title')} lead={t('chain.lead')}>
      <LoadView state={chain} t={t} keepDataOnError>
        {(answer) => (
          <>
            <Section title={t('chain.networksTitle')} id="chain-networks">
              <NetworkHealth networks={answer.networks} />
            </Section>
            <Section title={t('chain.hotWalletsTitle')} id="chain-hot-wallets">
              <HotWallets wallets={answer.hotWallets} networks={answer.networks} />
            </Section>
            <Section title={t('chain.heldTitle')} id="chain-held">
              <HeldWithdrawals held={answer.heldWithdrawals} networks={answer.networks} />
            </Section>
            <Section title={t('chain.attentionTitle')} id="chain-attention">
              <AttentionList deposits={answer.attention} />
            </Section>
          </>
        )}
      </LoadView>
      <Section title={t('sweeps.title')} id="chain-sweeps">
        <RequireRole needs="admin.chainSweeps">
          <SweepHistory />
        </RequireRole>
      </Section>
    </Page>
  );
});
