import { useCallback } from 'react';
import {
  Button,
  LoadView,
  Money,
  Reference,
  formatDateTime,
  formatPercent,
  formatRateAsGiven,
  useLoad,
} from '@swx/shared';
import type { DepositReview, KycReview, LoanReview, WithdrawalReview } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { DepositHistory, LoanHistory, RecordHistory } from '../../components/history';
import { pageStyles, Section } from '../../components/page';
import { StaffImage } from '../../components/staff-image';
import { FormAlert, useAction } from '../../components/action';
import { IdentityRecord } from '../../components/identity-record';
import { useLabels } from '../../components/labels';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { QueueAge } from './queue-age';
import styles from './reviews.module.css';

/** A deposit: the proof image large, beside what the customer says they paid, then their other deposits. */
export function DepositDetail({ item }: { item: DepositReview }) {
  const { t } = useStaffStrings();
  const session = useStaffSession();
  const loadProof = useCallback(
    () => session.api.download('admin.upload', { params: { id: item.proofImage } }),
    [session, item.proofImage],
  );
  return (
    <>
      <div className={styles.split}>
        <StaffImage
          load={loadProof}
          alt={t('deposit.proofAlt', { username: item.customer.username })}
          caption={t('deposit.proof')}
          testId="deposit-proof"
        />
        <Facts
          items={[
            [t('fields.amount'), <Money key="a" value={item.amount} currency={item.coin} />],
            [t('fields.coinNetwork'), `${item.coin} · ${item.network}`],
            [t('fields.txHash'), <Reference key="h" value={item.txHash} label={t('fields.txHash')} />],
            [t('fields.address'), <Reference key="d" value={item.address} label={t('fields.address')} />],
            [t('fields.submitted'), formatDateTime(item.createdAt)],
            [t('fields.waiting'), <QueueAge key="q" ageSeconds={item.ageSeconds} />],
          ]}
        />
      </div>
      <Section title={t('history.deposits')} id={`deposit-history-${item.id}`}>
        <DepositHistory deposits={item.recentDeposits} caption={t('history.latestTen')} />
      </Section>
    </>
  );
}

/** A withdrawal: where the money goes, what arrives, the age against the 24 h target, recent activity. */
export function WithdrawalDetail({ item }: { item: WithdrawalReview }) {
  const { t } = useStaffStrings();
  const labels = useLabels();
  return (
    <>
      <Facts
        items={[
          [t('fields.amount'), <Money key="a" value={item.amount} currency={item.currency} />],
          [t('fields.fee'), <Money key="f" value={item.fee} currency={item.currency} />],
          [t('fields.received'), <Money key="r" value={item.amountReceived} currency={item.currency} />],
          [t('fields.totalDebited'), <Money key="d" value={item.totalDebited} currency={item.currency} />],
          [
            t('fields.valueUsdt'),
            item.valueUsdt === null ? (
              t('fields.noPrice')
            ) : (
              <Money key="u" value={item.valueUsdt} currency="USDT" />
            ),
          ],
          [t('fields.method'), labels.method(item.method)],
          [t('fields.network'), item.network ?? '—'],
          [
            t('fields.address'),
            item.address ? (
              <Reference key="ad" value={item.address} label={t('fields.address')} />
            ) : (
              <span key="ad" className={pageStyles.mono}>
                {item.cardNumber ?? '—'}
              </span>
            ),
          ],
          ...(item.payeeName
            ? [[t('fields.payee'), `${item.payeeName} · ${item.bankName ?? ''}`] as const]
            : []),
          [t('fields.submitted'), formatDateTime(item.createdAt)],
          [
            t('fields.waiting'),
            <QueueAge key="q" ageSeconds={item.ageSeconds} targetHours={item.targetHours} />,
          ],
        ]}
      />
      <Section title={t('history.deposits')} id={`withdrawal-deposits-${item.id}`}>
        <DepositHistory deposits={item.recentDeposits} caption={t('history.latestTen')} />
      </Section>
      <Section title={t('history.trades')} id={`withdrawal-trades-${item.id}`}>
        <RecordHistory records={item.recentTrades} caption={t('history.latestTen')} />
      </Section>
    </>
  );
}

/**
 * An identity check: the record read through `admin.kycIdentity` (audited by the server, document number and
 * birth date masked until revealed), the photos side by side (zoomable, each read audited), the time waiting.
 * The queue's list carries no personal data.
 */
export function KycDetailView({ item }: { item: KycReview }) {
  const { t } = useStaffStrings();
  const session = useStaffSession();
  const identity = useLoad(
    () => session.api.call('admin.kycIdentity', { params: { id: item.id } }),
    [session, item.id],
  );
  return (
    <>
      <LoadView state={identity} t={t}>
        {(view) => <IdentityRecord identity={view} username={item.customer.username} />}
      </LoadView>
      <Facts items={[[t('fields.waiting'), <QueueAge key="q" ageSeconds={item.ageSeconds} />]]} />
    </>
  );
}

/** Opens the signed contract PDF (fetched with the staff token) in a new tab. */
function ContractButton({ loanId }: { loanId: string }) {
  const { t } = useStaffStrings();
  const session = useStaffSession();
  const { busy, failure, run } = useAction();
  const open = async () => {
    await run(async () => {
      const blob = await session.api.download('admin.loanContract', { params: { id: loanId } });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    });
  };
  return (
    <div>
      <Button variant="secondary" size="small" loading={busy} onClick={() => void open()}>
        {t('loan.contract')}
      </Button>
      <FormAlert message={failure} />
    </div>
  );
}

/**
 * A loan application: the signed terms, the contract, the customer's limit and their other loans. The limit,
 * what is borrowed or pending (this application included) and what is left are the server's figures of the
 * customer's own loan page, so staff and customer read the same numbers.
 */
export function LoanDetail({ item }: { item: LoanReview }) {
  const { t } = useStaffStrings();
  return (
    <>
      <Facts
        items={[
          [t('fields.amount'), <Money key="a" value={item.amount} currency={item.currency} />],
          [t('fields.term'), t('fields.days', { count: item.term })],
          [t('loan.dailyRate'), formatRateAsGiven(item.dailyRate)],
          [t('loan.apr'), formatPercent(item.aprPercent, { signed: false })],
          [t('loan.interestFreeDays'), String(item.interestFreeDays)],
          [t('loan.totalInterest'), <Money key="i" value={item.totalInterest} currency={item.currency} />],
          [t('loan.totalRepayment'), <Money key="r" value={item.totalRepayment} currency={item.currency} />],
          [t('fields.repaymentDate'), item.repaymentDate],
          [t('loan.limit'), <Money key="l" value={item.limit} currency="USDT" />],
          [t('loan.outstanding'), <Money key="o" value={item.outstanding} currency="USDT" />],
          [t('loan.limitLeft'), <Money key="ll" value={item.limitLeft} currency="USDT" />],
          [
            t('loan.contractHash'),
            <span key="h" className={pageStyles.mono}>
              {item.contractSha256}
            </span>,
          ],
          [t('loan.contractFile'), <ContractButton key="c" loanId={item.id} />],
          [t('fields.waiting'), <QueueAge key="q" ageSeconds={item.ageSeconds} />],
        ]}
      />
      <Section title={t('history.loans')} id={`loan-history-${item.id}`}>
        <LoanHistory loans={item.loanHistory} caption={t('history.otherLoans')} />
      </Section>
    </>
  );
}
