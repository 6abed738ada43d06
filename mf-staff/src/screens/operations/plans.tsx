import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button,
  DecimalField,
  LoadView,
  Money,
  TextField,
  formatMoney,
  parseAmount,
  toaster,
  useLoad,
} from '@swx/shared';
import type { PlanProduct, PlanTerm } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { Page, pageStyles, Section } from '../../components/page';
import { RequireRole } from '../../components/require-role';
import { FormAlert, useAction } from '../../components/action';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** Terms as editable text: "7:0.0005, 30:0.0007" (days:daily rate). */
export function termsText(terms: readonly PlanTerm[]): string {
  return terms.map((term) => `${term.days}:${term.dailyRate}`).join(', ');
}

export function parseTerms(text: string): PlanTerm[] | null {
  const terms: PlanTerm[] = [];
  for (const pair of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([1-9][0-9]{0,3})\s*:\s*(0(\.[0-9]{1,8})?)$/.exec(pair);
    if (!match) return null;
    terms.push({ days: Number(match[1]), dailyRate: match[2]! });
  }
  return terms.length > 0 ? terms : null;
}

function PlanEditor({ product, onSaved }: { product: PlanProduct; onSaved: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [terms, setTerms] = useState(termsText(product.terms));
  const [minAmount, setMinAmount] = useState(product.minAmount);
  const [maxAmount, setMaxAmount] = useState(product.maxAmount);
  const [exitDamagesRate, setExitDamagesRate] = useState(product.exitDamagesRate);
  const [enabled, setEnabled] = useState(product.enabled);
  const [reason, setReason] = useState('');
  const { busy, failure, setFailure, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTerms(terms);
    if (!parsed) {
      setFailure(t('plans.termsInvalid'));
      return;
    }
    await run(async () => {
      await session.api.call('admin.setPlanTerms', {
        params: { id: product.id },
        body: { terms: parsed, minAmount, maxAmount, exitDamagesRate, enabled, reason: reason.trim() },
      });
      toaster.show(t('plans.asked', { name: product.name }), { tone: 'success' });
      setReason('');
      onSaved();
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
      <Facts
        items={[
          [t('plans.code'), product.code],
          [t('plans.underlying'), product.underlying],
          [t('plans.currency'), product.currency],
        ]}
      />
      <TextField
        label={t('plans.terms')}
        hint={t('plans.termsHint')}
        value={terms}
        onChange={(event) => setTerms(event.target.value)}
        required
      />
      <div className={pageStyles.fields}>
        <TextField
          label={t('plans.minAmount')}
          inputMode="decimal"
          value={minAmount}
          onChange={(event) => setMinAmount(event.target.value)}
          required
        />
        <TextField
          label={t('plans.maxAmount')}
          inputMode="decimal"
          value={maxAmount}
          onChange={(event) => setMaxAmount(event.target.value)}
          required
        />
        <TextField
          label={t('plans.exitDamages')}
          inputMode="decimal"
          value={exitDamagesRate}
          onChange={(event) => setExitDamagesRate(event.target.value)}
          required
        />
      </div>
      <label>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />{' '}
        {t('plans.enabled')}
      </label>
      <TextField
        label={t('reason.label')}
        value={reason}
        minLength={3}
        maxLength={300}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={failure} />
      <div>
        <Button type="submit" loading={busy}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Finance asks to fund the plan reserve from the platform's capital: a maker-checker change, so nothing moves
 * until a second finance member approves it. The ask is confirmed first (amount and currency in words), and a
 * refusal about a field shows on that field.
 */
function FundReserve() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [currency, setCurrency] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [notAmount, setNotAmount] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { failure, fieldError, run } = useAction({ fields: ['currency', 'amount', 'reason'] });
  const [asked, setAsked] = useState<{ amount: string; currency: string } | null>(null);
  const body = { currency: currency.trim().toUpperCase(), amount: amount.trim(), reason: reason.trim() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only a readable amount above 0 is worth confirming; every other rule is the server's (shown per field).
    const readable = parseAmount(body.amount);
    setNotAmount(!readable || readable.lte(0));
    if (readable && readable.gt(0)) setConfirming(true);
  };
  const fund = () =>
    run(async () => {
      await session.api.call('admin.fundPlanReserve', { body });
      setAsked(body);
      setAmount('');
      setReason('');
      toaster.show(t('plans.fundingAsked'), { tone: 'success' });
    });
  return (
    <form onSubmit={submit} className={pageStyles.page} noValidate>
      <div className={pageStyles.fields}>
        <TextField
          label={t('plans.currency')}
          value={currency}
          error={fieldError('currency')}
          onChange={(event) => setCurrency(event.target.value)}
          required
        />
        <DecimalField
          label={t('fields.amount')}
          value={amount}
          error={notAmount ? t('fieldErrors.amount.positive') : fieldError('amount')}
          onValueChange={(text) => {
            setAmount(text);
            setNotAmount(false);
          }}
          required
        />
      </div>
      <TextField
        label={t('reason.label')}
        value={reason}
        maxLength={300}
        required
        error={fieldError('reason')}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={failure} />
      {asked ? (
        <p role="status">
          {t('plans.fundingWaiting')} <Money value={asked.amount} currency={asked.currency} />
        </p>
      ) : null}
      <div>
        <Button type="submit">{t('plans.fund')}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('confirm.reserveTitle')}
        message={t('confirm.reserve', {
          amount: formatMoney(body.amount || '0', body.currency),
          currency: body.currency,
        })}
        facts={[
          [
            t('fields.amount'),
            <Money key="a" value={body.amount || '0'} currency={body.currency} />,
            'amount',
          ],
          [t('reason.label'), body.reason || '—', 'reason'],
        ]}
        confirmLabel={t('confirm.reserveConfirm')}
        onConfirm={fund}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

function PlanProducts() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const products = useLoad(() => session.api.call('admin.planProducts'), [session]);
  return (
    <LoadView state={products} t={t} keepDataOnError>
      {(list) => (
        <>
          {list.map((product) => (
            <Section key={product.id} title={product.name} id={`plan-${product.id}`}>
              <PlanEditor key={JSON.stringify(product)} product={product} onSaved={products.reload} />
            </Section>
          ))}
        </>
      )}
    </LoadView>
  );
}

/** Smart plan products (terms, bounds, on/off, reasoned) and, for finance, funding the plan reserve. */
export const Plans = observer(function Plans() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  return (
    <Page title={t('plans.title')} lead={t('plans.lead')}>
      {session.canCall('admin.planProducts') ? <PlanProducts /> : null}
      <Section title={t('plans.reserve')} id="plan-reserve">
        <RequireRole needs="admin.fundPlanReserve">
          <FundReserve />
        </RequireRole>
      </Section>
    </Page>
  );
});
