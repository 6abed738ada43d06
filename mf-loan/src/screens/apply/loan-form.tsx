import Decimal from 'decimal.js';
import { useState } from 'react';
import { Button, DecimalField, messageForError, parseAmount, problemText, wireAmount } from '@swx/shared';
import type { FieldProblem } from '@swx/shared';
import type { LoanProduct, LoanQuote } from '@swx/shared/contract';
import { money, ratePercent } from '../../components/figures';
import { ChoiceGroup, formStyles } from '../../components/form';
import { pageStyles } from '../../components/page';
import { useLoanStrings } from '../../i18n';
import { loanApi } from '../../api';

/** The most this customer can borrow now: the product's maximum, within what is left of their limit. */
export function borrowable(product: LoanProduct): Decimal {
  return Decimal.min(product.maxAmount, product.available);
}

export function amountProblem(text: string, product: LoanProduct): FieldProblem | null {
  if (!text.trim()) return { key: 'common:validation.loanAmountRequired' };
  const amount = parseAmount(text);
  if (!amount || amount.lte(0) || amount.decimalPlaces() > 2)
    return { key: 'common:validation.amountIncorrect' };
  const most = borrowable(product);
  // Nothing to borrow now: the customer's own limit is used up (11137), or the lending book is (11402).
  if (most.lt(product.minAmount)) {
    const limitLeft = new Decimal(product.customerLimit).minus(product.outstanding);
    return { key: limitLeft.lt(product.minAmount) ? 'common:codes.11137' : 'common:codes.11402' };
  }
  if (amount.lt(product.minAmount) || amount.gt(most))
    return {
      key: 'apply.amountRange',
      values: { min: money(product.minAmount), max: money(most.toFixed(2)) },
    };
  return null;
}

interface LoanFormProps {
  product: LoanProduct;
  initial: { amount: string; term: number | null };
  onQuoted: (quote: LoanQuote) => void;
}

/** Amount and term; the server's quote (the pre-contract summary) comes next. */
export function LoanForm({ product, initial, onQuoted }: LoanFormProps) {
  const { t } = useLoanStrings();
  const [amount, setAmount] = useState(initial.amount);
  const [term, setTerm] = useState<number | null>(initial.term ?? product.terms[0] ?? null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const quote = async () => {
    const found = amountProblem(amount, product);
    setProblem(found);
    setFailure(null);
    if (found || term === null) return;
    setBusy(true);
    try {
      onQuoted(await loanApi.quote(wireAmount(amount), term));
    } catch (error) {
      setFailure(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  const most = borrowable(product);
  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void quote();
      }}
    >
      <dl className={pageStyles.terms}>
        <dt>{t('apply.limit')}</dt>
        <dd>{money(product.customerLimit, product.currency)}</dd>
        <dt>{t('apply.outstanding')}</dt>
        <dd>{money(product.outstanding, product.currency)}</dd>
        <dt>{t('apply.limitLeft')}</dt>
        <dd>{money(product.limitLeft, product.currency)}</dd>
        <dt>{t('apply.dailyRate')}</dt>
        <dd>{ratePercent(product.dailyRate)}</dd>
        <dt>{t('apply.freeDays')}</dt>
        <dd>{t('apply.freeDaysValue', { n: product.interestFreeDays })}</dd>
      </dl>
      <DecimalField
        label={t('apply.amount')}
        value={amount}
        onValueChange={setAmount}
        trailing={product.currency}
        hint={t('apply.amountHint', {
          min: money(product.minAmount, product.currency),
          max: money(Decimal.max(most, 0).toFixed(2), product.currency),
        })}
        error={problemText(problem, t)}
        required
      />
      <ChoiceGroup
        legend={t('apply.term')}
        name="term"
        value={term === null ? null : String(term)}
        options={product.terms.map((days) => ({ value: String(days), label: t('apply.days', { n: days }) }))}
        onChange={(value) => setTerm(Number(value))}
      />
      {failure ? (
        <p className={pageStyles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={pageStyles.actions}>
        <Button type="submit" loading={busy}>
          {t('apply.showTerms')}
        </Button>
      </div>
    </form>
  );
}
