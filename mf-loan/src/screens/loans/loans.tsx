import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button, EmptyState, useRootStore } from '@swx/shared';
import type { Loan } from '@swx/shared/contract';
import { loanApi } from '../../api';
import { day, money } from '../../components/figures';
import { DemoNotice } from '../../components/demo-notice';
import { LoadView, useLoad } from '../../components/load';
import { Section } from '../../components/page';
import { useLoanStrings } from '../../i18n';
import { LoanDetail } from './loan-detail';
import { statusBadge } from './loan-status';
import styles from './loans.module.css';

interface LoansSectionProps {
  /** Which loan is open (from the address, so a link or a reload opens it again). */
  openId: string | null;
  onOpen: (id: string | null) => void;
  /** Bumped by the page when a loan was applied for, to load the list again. */
  version: number;
}

function LoanRow({
  loan,
  open,
  onOpen,
  children,
}: {
  loan: Loan;
  open: boolean;
  onOpen: () => void;
  children: React.ReactNode;
}) {
  const { t } = useLoanStrings();
  return (
    <li className={styles.item}>
      <button type="button" className={styles.rowButton} aria-expanded={open} onClick={onOpen}>
        <span className={styles.rowMain}>
          <strong>{money(loan.amount, loan.currency)}</strong>
          <span>{t('apply.days', { n: loan.term })}</span>
        </span>
        <span className={styles.rowMeta}>
          {statusBadge(loan.status, t)}
          <span>{t('loans.due', { date: day(loan.repaymentDate) })}</span>
        </span>
      </button>
      {children}
    </li>
  );
}

/** "My loans": the list, and the open loan's detail under it. */
export const LoansSection = observer(function LoansSection({ openId, onOpen, version }: LoansSectionProps) {
  const { t } = useLoanStrings();
  const { settings } = useRootStore();
  // Loans belong to the real account: in demo there is nothing to ask the server for.
  const list = useLoad(
    () => (settings.isDemo ? Promise.resolve([]) : loanApi.loans()),
    [settings.isDemo, version],
  );
  const [updated, setUpdated] = useState<Record<string, Loan>>({});
  return (
    <Section
      title={t('loans.title')}
      id="loan-list"
      actions={
        <Button variant="ghost" size="small" onClick={list.reload}>
          {t('loans.refresh')}
        </Button>
      }
    >
      {settings.isDemo ? (
        <DemoNotice />
      ) : (
        <LoadView state={list}>
          {(loans) =>
            loans.length === 0 ? (
              <EmptyState title={t('loans.empty')} description={t('loans.emptyText')} />
            ) : (
              <ul className={styles.list}>
                {loans.map((listed) => {
                  const loan = updated[listed.id] ?? listed;
                  const open = loan.id === openId;
                  return (
                    <LoanRow
                      key={loan.id}
                      loan={loan}
                      open={open}
                      onOpen={() => onOpen(open ? null : loan.id)}
                    >
                      {open ? (
                        <LoanDetail
                          loan={loan}
                          onChanged={(next) => setUpdated((all) => ({ ...all, [next.id]: next }))}
                        />
                      ) : null}
                    </LoanRow>
                  );
                })}
              </ul>
            )
          }
        </LoadView>
      )}
    </Section>
  );
});
