import Decimal from 'decimal.js';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import {
  Button,
  DecimalField,
  EmptyState,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatPercent,
  getRootStore,
  messageForError,
  Modal,
  Skeleton,
  toaster,
  type Translate,
} from '@swx/shared';
import type { PlanReserve, SmartOrder } from '@swx/shared/contract';
import { usePlansT } from './i18n';
import { PlansStore, secondsUntil } from './plans-store';
import styles from './plans.module.css';

const rate = (value: string) => {
  const percent = new Decimal(value).times(100);
  return formatPercent(percent, { decimals: Math.max(2, percent.decimalPlaces()), signed: false });
};

function Figures({ items, testId }: { items: [string, string][]; testId?: string }) {
  return (
    <dl className={styles.figures} data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReserveLine({ reserve, t }: { reserve: PlanReserve | null; t: Translate }) {
  // The demo reserve is play money the platform tops up: its figures say nothing a customer needs.
  if (!reserve || reserve.mode === 'demo') return null;
  const balance = formatMoney(reserve.balance, reserve.currency);
  return (
    <p data-testid="plan-reserve">
      {reserve.coverageRatio === null
        ? t('reserveNothingOwed', { balance })
        : t('reserve', {
            balance,
            obligations: formatMoney(reserve.obligations, reserve.currency),
            ratio: reserve.coverageRatio,
          })}
    </p>
  );
}

/**
 * The Plans tab of `/trading`: products, disclosure and reserve, the quote before buying, and My plans. In the
 * demo account plans are play money and sell at once; in the real one, while the reserve cannot take a
 * purchase (a fresh install, before staff fund it), the tab says "not available yet" instead of an error.
 */
export const PlansArea = observer(function PlansArea() {
  const t = usePlansT();
  const root = getRootStore();
  const [store] = useState(() => new PlansStore());
  const signedIn = root.session.isLoggedIn;
  const real = root.settings.accountMode === 'real';
  useEffect(() => {
    void store.load(signedIn);
    store.startClock();
    return () => store.dispose();
  }, [store, signedIn, real]);

  if (store.state === 'loading') return <Skeleton lines={5} blockSize="2rem" />;
  if (store.state === 'failed')
    return (
      <EmptyState
        title={t('loadFailed')}
        action={<Button onClick={() => void store.load(signedIn)}>{t('retry')}</Button>}
      />
    );
  const product = store.product;
  const mode = real ? 'real' : 'demo';
  const reserve = product ? store.reserveOf(product.currency, mode) : null;
  const selling = reserve === null || reserve.selling;
  return (
    <section className={styles.area} aria-label={t('title')}>
      <h2>{t('title')}</h2>
      <p className={styles.disclosure} data-testid="plan-disclosure">
        {t('disclosure')}
      </p>
      <ReserveLine reserve={reserve} t={t} />
      <ul className={styles.products} aria-label={t('product')}>
        {store.products.map((p) => (
          <li key={p.id} className={`${styles.card} ${p.id === store.productId ? styles.chosen : ''}`}>
            <Button variant="secondary" fullWidth disabled={!p.enabled} onClick={() => store.choose(p.id)}>
              <span translate="no">{p.name}</span> · {p.underlying}
            </Button>
            {p.enabled ? (
              <ul className={styles.terms} aria-label={t('term')}>
                {p.terms.map((term) => (
                  <li key={term.days}>{t('termOption', { days: term.days, rate: rate(term.dailyRate) })}</li>
                ))}
              </ul>
            ) : (
              <p>{t('notEnabled')}</p>
            )}
          </li>
        ))}
      </ul>
      {!signedIn ? <EmptyState title={t('signIn')} /> : null}
      {signedIn && !real ? (
        <p className={styles.note} data-testid="plan-demo-note">
          {t('demo')}
        </p>
      ) : null}
      {signedIn && product && !selling ? (
        <EmptyState title={t('notAvailableYet')} description={t('notAvailableYetHint')} />
      ) : null}
      {signedIn && product && selling ? <PurchaseForm store={store} t={t} /> : null}
      {signedIn ? <MyPlans store={store} t={t} /> : null}
      <QuoteDialog store={store} t={t} />
      <ExitDialog store={store} t={t} />
    </section>
  );
});

const PurchaseForm = observer(function PurchaseForm({ store, t }: { store: PlansStore; t: Translate }) {
  const product = store.product!;
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('review')}
      onSubmit={(event) => {
        event.preventDefault();
        void store.requestQuote();
      }}
    >
      <label>
        {t('term')}
        <select value={store.days ?? ''} onChange={(event) => store.setDays(Number(event.target.value))}>
          {product.terms.map((term) => (
            <option key={term.days} value={term.days}>
              {t('termOption', { days: term.days, rate: rate(term.dailyRate) })}
            </option>
          ))}
        </select>
      </label>
      <DecimalField
        label={t('amount')}
        required
        trailing={product.currency}
        value={store.amount}
        onValueChange={store.setAmount}
        hint={t('range', {
          min: formatMoney(product.minAmount, product.currency),
          max: formatMoney(product.maxAmount, product.currency),
        })}
      />
      {store.failure && !store.quote && !store.exitQuote ? (
        <p className={styles.failure} role="alert">
          {messageForError(store.failure, t)}
        </p>
      ) : null}
      <Button type="submit" loading={store.busy}>
        {t('review')}
      </Button>
    </form>
  );
});

const QuoteDialog = observer(function QuoteDialog({ store, t }: { store: PlansStore; t: Translate }) {
  const quote = store.quote;
  const money = (value: string) => formatMoney(value, quote?.currency ?? 'USDT');
  return (
    <Modal
      open={quote !== null}
      onClose={store.cancelQuote}
      dismissOnBackdrop={false}
      title={t('quoteTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={store.cancelQuote}>
            {t('cancel')}
          </Button>
          <Button
            loading={store.busy}
            onClick={() =>
              void store.confirm().then((done) => done && toaster.show(t('bought'), { tone: 'success' }))
            }
          >
            {t('confirm')}
          </Button>
        </>
      }
    >
      {quote ? (
        <>
          <Figures
            testId="plan-quote"
            items={[
              [t('amount'), money(quote.amount)],
              [t('dailyRate'), rate(quote.dailyRate)],
              [t('dailyIncome'), money(quote.dailyIncome)],
              [t('cycles'), String(quote.cycles)],
              [t('totalIncome'), money(quote.totalIncome)],
              [t('nextEarning'), formatDateTime(quote.nextEarningAt)],
              [t('expiry'), formatDateTime(quote.expiresAt)],
              [t('exitDamages'), money(quote.exitDamages)],
            ]}
          />
          <p className={styles.disclosure}>{t('disclosure')}</p>
          {store.failure ? (
            <p className={styles.failure} role="alert">
              {messageForError(store.failure, t)}
            </p>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
});

const ExitDialog = observer(function ExitDialog({ store, t }: { store: PlansStore; t: Translate }) {
  const exit = store.exitQuote;
  const plan = store.plans.find((p) => p.id === exit?.id);
  const money = (value: string) => formatMoney(value, plan?.currency ?? 'USDT');
  return (
    <Modal
      open={exit !== null}
      onClose={store.cancelExit}
      dismissOnBackdrop={false}
      title={t('exitTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={store.cancelExit}>
            {t('cancel')}
          </Button>
          <Button
            loading={store.busy}
            onClick={() =>
              void store.confirmExit().then((done) => done && toaster.show(t('exited'), { tone: 'success' }))
            }
          >
            {t('exitConfirm')}
          </Button>
        </>
      }
    >
      {exit ? (
        <>
          {store.exitRequoted ? (
            <p className={styles.note} role="status">
              {t('exitChanged')}
            </p>
          ) : null}
          <Figures
            testId="plan-exit-quote"
            items={[
              [t('principal'), money(exit.amount)],
              [t('exitDamages'), money(exit.damages)],
              [t('exitReturned'), money(exit.returned)],
              [t('exitIncomeDue', { cycles: exit.cyclesDueNow }), money(exit.incomeDueNow)],
              [t('exitTotal'), money(exit.totalPaidNow)],
              [t('exitForgone'), money(exit.incomeForgone)],
            ]}
          />
          {store.exitFailure && store.exitFailure.planId === exit.id ? (
            <p className={styles.failure} role="alert">
              {messageForError(store.exitFailure.error, t)}
            </p>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
});

const MyPlans = observer(function MyPlans({ store, t }: { store: PlansStore; t: Translate }) {
  return (
    <section aria-label={t('myPlans')}>
      <h3>{t('myPlans')}</h3>
      {store.plans.length === 0 ? <p>{t('noPlans')}</p> : null}
      <ul className={styles.plans}>
        {store.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} store={store} t={t} />
        ))}
      </ul>
    </section>
  );
});

const PlanCard = observer(function PlanCard({
  plan,
  store,
  t,
}: {
  plan: SmartOrder;
  store: PlansStore;
  t: Translate;
}) {
  const money = (value: string) => formatMoney(value, plan.currency);
  const seconds = secondsUntil(plan.nextEarningAt, store.now);
  const running = plan.status === 'earning';
  // Runtime ticks with the countdown while the plan runs; once it ended it is the server's figure.
  const runtime = running
    ? Math.max(0, Math.floor((store.now - Date.parse(plan.startedAt)) / 1000))
    : plan.runtimeSeconds;
  const failure = store.exitFailure && store.exitFailure.planId === plan.id && !store.exitQuote;
  return (
    <li className={styles.card} data-testid={`plan-${plan.id}`}>
      <strong>
        <span translate="no">{plan.productName}</span> ·{' '}
        {t('termOption', { days: plan.days, rate: rate(plan.dailyRate) })}
      </strong>{' '}
      <span>{t(`status.${plan.status}`)}</span>
      <Figures
        items={[
          [t('principal'), money(plan.amount)],
          [t('dailyIncome'), money(plan.dailyIncome)],
          [t('incomeSoFar'), money(plan.incomeSoFar)],
          [t('todayIncome'), money(plan.todayIncome)],
          [t('payouts'), `${plan.cyclesPaid} / ${plan.days}`],
          [t('runtime'), formatDuration(runtime, t)],
          [t('expiry'), formatDateTime(plan.expiresAt)],
          ...(plan.exitDamagesNow !== null
            ? ([[t('damagesNow'), money(plan.exitDamagesNow)]] as [string, string][])
            : []),
          ...(plan.damages !== null
            ? ([[t('damagesTaken'), money(plan.damages)]] as [string, string][])
            : []),
        ]}
      />
      {seconds !== null ? (
        <p data-testid="plan-countdown">{t('countdown', { time: formatDuration(seconds, t) })}</p>
      ) : null}
      {plan.payouts.length > 0 ? (
        <details>
          <summary>{t('payouts')}</summary>
          <ol aria-label={t('payouts')}>
            {plan.payouts.map((payout) => (
              // Each payout is one ledger entry: its number is the receipt the records page lists.
              <li key={payout.cycle}>
                {t('payoutLine', {
                  cycle: payout.cycle,
                  amount: money(payout.amount),
                  time: formatDateTime(payout.paidAt),
                  entry: payout.journalId,
                })}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {failure ? (
        <p className={styles.failure} role="alert" data-testid="plan-exit-failure">
          {messageForError(store.exitFailure!.error, t)}
        </p>
      ) : null}
      {running ? (
        <Button variant="secondary" onClick={() => void store.quoteExit(plan.id)}>
          {t('exit')}
        </Button>
      ) : null}
    </li>
  );
});
