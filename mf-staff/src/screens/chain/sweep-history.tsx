import { useState } from 'react';
import { EmptyState, LoadView, StatusBadge, formatDateTime, useLoad, type StatusTone } from '@swx/shared';
import type { ChainSweep, ChainSweepQuery, ChainSweepStatus } from '@swx/shared/contract';
import { Facts, type Fact } from '../../components/facts';
import { pageStyles } from '../../components/page';
import { PagesOf } from '../../components/pager';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { ChainAddress, ChainAmount, CustomerLink, TxHash } from './chain-parts';
import styles from './chain.module.css';

const pageSize = 20;
export const sweepStatuses = [
  'funding',
  'sweeping',
  'done',
  'failed',
] as const satisfies readonly ChainSweepStatus[];

const sweepTone: Record<ChainSweepStatus, StatusTone> = {
  funding: 'pending',
  sweeping: 'pending',
  done: 'good',
  failed: 'bad',
};

/** A send's state is free text on the wire (`pending`, `mined`, `confirmed`, `failed`, `cancelled`, `cancelling`). */
function transactionTone(status: string): StatusTone {
  if (status === 'confirmed') return 'good';
  if (status === 'failed' || status === 'cancelled') return 'bad';
  return 'pending';
}

/** The page asked for: every status when none is chosen (the key is left out, not sent empty). */
export function sweepQuery(page: number, status: ChainSweepStatus | null): ChainSweepQuery {
  return status === null ? { page, pageSize } : { page, pageSize, status };
}

function SweepTransactions({ sweep }: { sweep: ChainSweep }) {
  const { t } = useStaffStrings();
  if (sweep.transactions.length === 0) return <span>{t('sweeps.noTransactions')}</span>;
  return (
    <ul className={styles.transactions} aria-label={t('sweeps.transactionsOf', { id: sweep.id })}>
      {sweep.transactions.map((transaction) => (
        <li key={transaction.txHash} className={styles.transaction}>
          <strong>{t(`sweeps.kind.${transaction.kind}`)}</strong>
          <StatusBadge tone={transactionTone(transaction.status)}>
            {t(`sweeps.txStatus.${transaction.status}`, { defaultValue: transaction.status })}
          </StatusBadge>
          <ChainAmount value={transaction.amount} coin={transaction.coin} />
          <TxHash
            hash={transaction.txHash}
            explorerUrl={transaction.explorerUrl}
            network={sweep.networkName}
          />
        </li>
      ))}
    </ul>
  );
}

function SweepItem({ sweep }: { sweep: ChainSweep }) {
  const { t } = useStaffStrings();
  const facts: Fact[] = [
    [t('sweeps.address'), <ChainAddress key="address" value={sweep.address} />],
    [t('chain.customerId'), <CustomerLink key="customer" userId={sweep.userId} />],
    [t('sweeps.balance'), <ChainAmount key="balance" value={sweep.balance} coin={sweep.coin} />],
  ];
  if (sweep.tokenContract)
    facts.push([t('sweeps.contract'), <ChainAddress key="contract" value={sweep.tokenContract} />]);
  facts.push(
    [t('sweeps.hotWallet'), <ChainAddress key="hot" value={sweep.hotWallet} />],
    [t('sweeps.transactions'), <SweepTransactions key="transactions" sweep={sweep} />],
    [t('sweeps.createdAt'), formatDateTime(sweep.createdAt)],
    [t('sweeps.finishedAt'), sweep.finishedAt ? formatDateTime(sweep.finishedAt) : '—'],
  );
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          {t('sweeps.cardTitle', { coin: sweep.coin, network: sweep.networkName })}
        </h3>
        <StatusBadge tone={sweepTone[sweep.status]}>{t(`sweeps.status.${sweep.status}`)}</StatusBadge>
      </div>
      <Facts items={facts} />
      {sweep.lastError ? (
        <p className={styles.problem}>
          {t('chain.lastError')} <span className={pageStyles.mono}>{sweep.lastError}</span>
        </p>
      ) : null}
    </li>
  );
}

/**
 * Deposit addresses emptied into the hot wallet, newest first, a page at a time, optionally one status: the
 * gas sent to a token address and the transfer out, each linked to the explorer. Ledger-neutral: the coins
 * were credited when they arrived; only where they sit on the chain changes.
 */
export function SweepHistory() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [status, setStatus] = useState<ChainSweepStatus | null>(null);
  const [page, setPage] = useState(1);
  const sweeps = useLoad(
    () => session.api.call('admin.chainSweeps', { query: sweepQuery(page, status) }),
    [page, status],
  );
  return (
    <>
      <div className={pageStyles.fields}>
        <label className={pageStyles.label}>
          {t('sweeps.filter')}
          <select
            className={pageStyles.select}
            value={status ?? ''}
            onChange={(event) => {
              const chosen = sweepStatuses.find((value) => value === event.target.value);
              setStatus(chosen ?? null);
              setPage(1);
            }}
          >
            <option value="">{t('sweeps.all')}</option>
            {sweepStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`sweeps.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadView state={sweeps} t={t} keepDataOnError>
        {(answer) => (
          <>
            {answer.items.length === 0 ? (
              <EmptyState title={t(status === null ? 'sweeps.none' : 'sweeps.noneWithStatus')} />
            ) : (
              <ul className={styles.cards} aria-label={t('sweeps.caption')}>
                {answer.items.map((sweep) => (
                  <SweepItem key={sweep.id} sweep={sweep} />
                ))}
              </ul>
            )}
            <PagesOf
              page={page}
              pageSize={pageSize}
              total={answer.total}
              onPage={setPage}
              pageOf={(values) => t('sweeps.pageOf', values)}
            />
          </>
        )}
      </LoadView>
    </>
  );
}
