import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney } from '@swx/shared';
import type { LoanQuote } from '@swx/shared/contract';
import { day, money, percent, ratePercent } from '../../components/figures';
import { useLoanStrings } from '../../i18n';
import styles from './apply.module.css';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <table className={styles.summaryTable}>
      <caption>{title}</caption>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * The pre-contract credit summary, in the order of a standard pre-contract information sheet: who lends;
 * the credit's main features; what it costs (borrowing rate, APR with its assumptions, late-payment costs);
 * the legal rights (withdrawal, early repayment). Every figure is the server's quote, shown as quoted.
 */
export function CreditSummary({ quote }: { quote: LoanQuote }) {
  const { t } = useLoanStrings();
  const annual = `${new Decimal(quote.annualRatePercent).toFixed(2)}`;
  const chargeableDays = Math.max(0, quote.term - quote.interestFreeDays);
  return (
    <div className={styles.summary} aria-label={t('summary.title')} role="group">
      <Part title={t('summary.part1')}>
        <Row label={t('summary.lender')}>{quote.lender}</Row>
      </Part>
      <Part title={t('summary.part2')}>
        <Row label={t('summary.creditType')}>{t('summary.creditTypeValue')}</Row>
        <Row label={t('summary.totalAmount')}>
          <strong data-testid="summary-amount">{money(quote.amount, quote.currency)}</strong>
        </Row>
        <Row label={t('summary.duration')}>
          {t('summary.durationValue', {
            days: quote.term,
            date: day(quote.repaymentDate),
            time: quote.dueTime,
            zone: quote.timeZone,
          })}
        </Row>
        <Row label={t('summary.instalments')}>
          {t('summary.instalmentsValue', {
            amount: money(quote.totalRepayment, quote.currency),
            date: day(quote.repaymentDate),
            time: quote.dueTime,
            zone: quote.timeZone,
          })}
        </Row>
        <Row label={t('summary.totalPayable')}>
          <strong data-testid="summary-total">{money(quote.totalRepayment, quote.currency)}</strong>
          <span className={styles.explain}>
            {t('summary.totalPayableExplain', {
              amount: money(quote.amount, quote.currency),
              interest: money(quote.totalInterest, quote.currency),
            })}
          </span>
        </Row>
      </Part>
      <Part title={t('summary.part3')}>
        <Row label={t('summary.borrowingRate')}>
          {t('summary.borrowingRateValue', {
            daily: ratePercent(quote.dailyRate),
            annual: percent(annual),
            free: quote.interestFreeDays,
          })}
        </Row>
        <Row label={t('summary.totalInterest')}>
          <strong data-testid="summary-interest">{money(quote.totalInterest, quote.currency)}</strong>
          <span className={styles.explain}>
            {t('summary.interestRule', {
              amount: money(quote.amount, quote.currency),
              daily: ratePercent(quote.dailyRate),
              days: chargeableDays,
              term: quote.term,
              free: quote.interestFreeDays,
            })}
          </span>
        </Row>
        <Row label={t('summary.apr')}>
          <strong data-testid="summary-apr">{percent(quote.aprPercent)}</strong>
          <span className={styles.explain}>
            {t('summary.aprAssumptions', {
              amount: money(quote.amount, quote.currency),
              days: quote.term,
              year: quote.aprAssumptions.daysInYear,
              charges: money(quote.aprAssumptions.otherCharges, quote.currency),
            })}
          </span>
        </Row>
        <Row label={t('summary.lateCosts')}>
          {t('summary.lateCostsValue', {
            rate: ratePercent(quote.overdueDailyRate),
            perDay: money(quote.overdueInterestPerDay, quote.currency),
            cap: money(quote.overdueInterestCap, quote.currency),
            every: quote.overdueReminderDays,
          })}
        </Row>
      </Part>
      <Part title={t('summary.part4')}>
        <Row label={t('summary.withdrawal')}>
          <span data-testid="summary-withdrawal">
            {t('summary.withdrawalValue', {
              days: quote.withdrawalDays,
              perDay: formatMoney(quote.withdrawalInterestPerDay, quote.currency),
              free: quote.interestFreeDays,
              today: money(quote.withdrawalAmountToday, quote.currency),
            })}
          </span>
        </Row>
        <Row label={t('summary.earlyRepayment')}>
          {t('summary.earlyRepaymentValue', { free: quote.interestFreeDays })}
        </Row>
        <Row label={t('summary.validUntil')}>{formatDateTime(quote.expiresAt)}</Row>
      </Part>
    </div>
  );
}
