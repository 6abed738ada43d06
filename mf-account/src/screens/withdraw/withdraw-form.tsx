import { useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import {
  Button,
  DecimalField,
  Modal,
  TextField,
  formatDateTime,
  formatMoney,
  formatRate,
  isApiError,
  isStepUpCancelled,
  messageForError,
  useStepUp,
  type Problem,
} from '@swx/shared';
import { Link } from 'react-router-dom';
import {
  successes,
  errors,
  cashierCoins,
  networksOfCoin,
  type AddressBook,
  type CashierCoin,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalQuote,
} from '@swx/shared/contract';
import { accountApi } from '../../api';
import { ChoiceGroup, SelectField, formStyles, newIdempotencyKey, problemText } from '../../components/form';
import { useAccountStrings } from '../../i18n';
import {
  fieldOfRefusal,
  firstNetwork,
  quoteBody,
  validateWithdrawal,
  withdrawalCurrency,
  type WithdrawDraft,
  type WithdrawField,
  type WithdrawalMethod,
} from './withdraw-rules';

/** The digits a fraction rate needs as a percentage (0.01 → 1 %, 0.0015 → 0.15 %), at most 4. */
function rateDigits(rate: string): number {
  return Math.min(4, new Decimal(rate).times(100).decimalPlaces());
}

/** A quoted amount as it will be posted: whole units of the coin, never rounded a second way. */
function exactAmount(amount: string, currency: string): string {
  return formatMoney(amount, currency);
}

const emptyDraft: WithdrawDraft = {
  method: 'crypto',
  coin: 'USDT',
  network: firstNetwork('USDT'),
  address: '',
  payeeName: '',
  cardNumber: '',
  bankName: '',
  amount: '',
};

function submissionBody(draft: WithdrawDraft, quote: WithdrawalQuote): WithdrawalBody {
  return { ...quoteBody(draft), quoteId: quote.quoteId };
}

interface WithdrawFormProps {
  /** Available balance per currency, shown next to the amount. */
  available: Record<string, string>;
  /** The address book: in whitelist mode crypto goes only to its usable entries. */
  book: AddressBook | null;
  onSubmitted: (withdrawal: Withdrawal, message: string) => void;
}

/**
 * Method and destination, then the amount; the fee and what arrives are quoted and shown before the customer
 * confirms (docs/product.md promises 4 and 6), and the confirmation carries the quote.
 */
export function WithdrawForm({ available, book, onSubmitted }: WithdrawFormProps) {
  const { t } = useAccountStrings();
  // A withdrawal is sensitive: a fresh second factor, asked in place when the server wants one.
  const stepUp = useStepUp();
  const [draft, setDraft] = useState<WithdrawDraft>(emptyDraft);
  const whitelist = book?.whitelistMode === true;
  const usable = (book?.addresses ?? []).filter(
    (entry) => entry.status === 'usable' && entry.coin === draft.coin && entry.network === draft.network,
  );
  // A field's problem: a client-side rule's verdict, or the server's refusal when it is about that field.
  const [problems, setProblems] = useState<Partial<Record<WithdrawField, Problem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [quote, setQuote] = useState<WithdrawalQuote | null>(null);
  const [quoteNote, setQuoteNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const currency = withdrawalCurrency(draft);

  const update = <K extends keyof WithdrawDraft>(field: K, value: WithdrawDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };

  const requestQuote = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateWithdrawal(draft, available[currency] ?? '0');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      setQuote(await accountApi.withdrawalQuote(quoteBody(draft)));
      setQuoteNote(null);
      setIdempotencyKey(newIdempotencyKey());
    } catch (error) {
      const field = isApiError(error) ? fieldOfRefusal(error.code) : null;
      if (field) setProblems({ [field]: { error } });
      else setFormError(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!quote) return;
    setBusy(true);
    try {
      const answer = await stepUp.run(() =>
        accountApi.withdraw(submissionBody(draft, quote), idempotencyKey),
      );
      setQuote(null);
      setDraft({ ...emptyDraft, method: draft.method, coin: draft.coin, network: draft.network });
      onSubmitted(
        answer.result,
        t(`codes.${answer.successCode ?? successes.withdrawalSubmitted}`, { ns: 'common' }),
      );
    } catch (error) {
      // A closed step-up dialog leaves the quote open: nothing was sent.
      if (isStepUpCancelled(error)) return;
      if (isApiError(error) && error.code === errors.termsChanged) {
        // The terms changed or the quote expired: show the new terms and let the customer confirm again.
        try {
          setQuote(await accountApi.withdrawalQuote(quoteBody(draft)));
          setIdempotencyKey(newIdempotencyKey());
          setQuoteNote(messageForError(error, t));
        } catch (again) {
          setQuote(null);
          setFormError(messageForError(again, t));
        }
      } else {
        setQuote(null);
        setFormError(messageForError(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  const methods: { value: WithdrawalMethod; label: string }[] = [
    { value: 'crypto', label: t('withdraw.crypto') },
    { value: 'bank', label: t('withdraw.bank') },
  ];

  return (
    <>
      <form className={formStyles.form} onSubmit={requestQuote} noValidate aria-label={t('withdraw.title')}>
        <ChoiceGroup
          legend={t('withdraw.method')}
          name="method"
          value={draft.method}
          options={methods}
          onChange={(m) => update('method', m)}
        />
        {draft.method === 'crypto' ? (
          <>
            <ChoiceGroup<CashierCoin>
              legend={t('deposit.coin')}
              name="withdraw-coin"
              value={draft.coin}
              options={cashierCoins.map((coin) => ({ value: coin, label: coin }))}
              onChange={(coin) =>
                setDraft((previous) => ({ ...previous, coin, network: firstNetwork(coin) }))
              }
            />
            <ChoiceGroup
              legend={t('deposit.network')}
              name="withdraw-network"
              value={draft.network}
              options={networksOfCoin[draft.coin].map((network) => ({ value: network, label: network }))}
              onChange={(network) => update('network', network)}
            />
            {whitelist ? (
              usable.length > 0 ? (
                <SelectField
                  label={t('withdraw.bookAddress')}
                  value={draft.address}
                  options={[
                    { value: '', label: t('withdraw.chooseAddress') },
                    ...usable.map((entry) => ({
                      value: entry.address,
                      label: `${entry.label} · ${entry.address}`,
                    })),
                  ]}
                  onChange={(address) => update('address', address)}
                />
              ) : (
                <p className={formStyles.hint} data-testid="no-usable-address">
                  {t('withdraw.noUsableAddress')}{' '}
                  <Link className={formStyles.link} to="/profile/security#security-addresses">
                    {t('withdraw.manageAddresses')}
                  </Link>
                </p>
              )
            ) : (
              <TextField
                label={t('withdraw.address')}
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                value={draft.address}
                onChange={(event) => update('address', event.target.value)}
                error={problemText(problems.address, t)}
                required
              />
            )}
            {whitelist ? (
              <p className={formStyles.hint}>
                {t('withdraw.whitelistNote')}{' '}
                <Link className={formStyles.link} to="/profile/security#security-addresses">
                  {t('withdraw.manageAddresses')}
                </Link>
              </p>
            ) : null}
            {whitelist && problems.address ? (
              <p className={formStyles.alert} role="alert">
                {problemText(problems.address, t)}
              </p>
            ) : null}
          </>
        ) : (
          <div className={formStyles.row}>
            <TextField
              label={t('withdraw.payeeName')}
              autoComplete="name"
              value={draft.payeeName}
              onChange={(event) => update('payeeName', event.target.value)}
              error={problemText(problems.payeeName, t)}
              required
            />
            <TextField
              label={t('withdraw.cardNumber')}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              value={draft.cardNumber}
              onChange={(event) => update('cardNumber', event.target.value)}
              error={problemText(problems.cardNumber, t)}
              required
            />
            <TextField
              label={t('withdraw.bankName')}
              value={draft.bankName}
              onChange={(event) => update('bankName', event.target.value)}
              error={problemText(problems.bankName, t)}
              required
            />
          </div>
        )}
        <DecimalField
          label={t('withdraw.amount')}
          value={draft.amount}
          onValueChange={(text) => update('amount', text)}
          hint={t('withdraw.available', { amount: formatMoney(available[currency] ?? '0', currency) })}
          trailing={currency}
          error={problemText(problems.amount, t)}
          required
        />
        {formError ? (
          <p className={formStyles.alert} role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" loading={busy && !quote}>
          {t('withdraw.review')}
        </Button>
        <Modal
          open={quote !== null}
          onClose={() => setQuote(null)}
          title={t('withdraw.confirmTitle')}
          dismissOnBackdrop={false}
          footer={
            <>
              <Button variant="ghost" onClick={() => setQuote(null)}>
                {t('actions.cancel')}
              </Button>
              <Button onClick={confirm} loading={busy}>
                {t('withdraw.confirm')}
              </Button>
            </>
          }
        >
          {quote ? (
            <>
              {quoteNote ? (
                <p className={formStyles.alert} role="alert">
                  {quoteNote}
                </p>
              ) : null}
              <dl className={formStyles.terms}>
                <dt>{t('withdraw.amountLabel')}</dt>
                <dd>{exactAmount(quote.amount, quote.currency)}</dd>
                <dt>
                  {t('withdraw.fee', {
                    rate: formatRate(quote.feeRate, { decimals: rateDigits(quote.feeRate) }),
                  })}
                </dt>
                <dd data-testid="withdraw-fee">{exactAmount(quote.fee, quote.currency)}</dd>
                <dt>{t('withdraw.received')}</dt>
                <dd data-testid="withdraw-received">{exactAmount(quote.amountReceived, quote.currency)}</dd>
                <dt>{t('withdraw.totalDebited')}</dt>
                <dd>{exactAmount(quote.totalDebited, quote.currency)}</dd>
                <dt>{t('withdraw.quoteExpires')}</dt>
                <dd>{formatDateTime(quote.expiresAt)}</dd>
              </dl>
              <p>{t('withdraw.holdNote')}</p>
            </>
          ) : null}
        </Modal>
      </form>
      {stepUp.dialog}
    </>
  );
}
