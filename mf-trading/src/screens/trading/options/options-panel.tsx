import Decimal from 'decimal.js';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import {
  Button,
  DecimalField,
  EmptyState,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatDuration,
  formatPrice,
  Modal,
  problemText,
  toaster,
} from '@swx/shared';
import type { OptionContract } from '../../../api';
import { Figures, SignedAmount } from '../../../components/figures';
import { Segmented } from '../../../components/segmented';
import { useTradingT } from '../../../i18n';
import formStyles from '../forms.module.css';
import listStyles from '../lists.module.css';
import { TicketSubmit } from '../order-refusal';
import { ReceiptDialog, type ReceiptTarget } from '../receipt';
import type { TradingStore } from '../trading-store';
import { useTradingEvents } from '../use-account-events';
import { OptionsStore, secondsLeft } from './options-store';
import { InListsArea } from '../workspace';

/** A payout rate ("0.85") as a percentage, with as many decimals as it has ("85%", "87.5%"). */
function ratePercent(rate: string): string {
  const percent = new Decimal(rate).times(100);
  return formatPercent(percent, { decimals: percent.decimalPlaces(), signed: false });
}

/**
 * The expiry rule when the market is stale (issue 28), stated on the ticket before the customer buys: the
 * first fresh price within the grace window, or the stake back.
 */
const StaleRule = observer(function StaleRule({ trading }: { trading: TradingStore }) {
  const t = useTradingT();
  const seconds = trading.info?.optionStaleGraceSeconds;
  if (seconds === undefined) return null;
  return (
    <p className={formStyles.note} data-testid="option-stale-rule">
      {t('options.staleRule', { seconds })}
    </p>
  );
});

export const OptionsPanel = observer(function OptionsPanel({ trading }: { trading: TradingStore }) {
  const t = useTradingT();
  const [store] = useState(() => new OptionsStore(trading));
  const [receipt, setReceipt] = useState<ReceiptTarget | null>(null);
  useEffect(() => {
    void store.loadContracts();
    return () => store.dispose();
  }, [store]);
  useTradingEvents((event) => {
    if (event.type === 'option_settled') {
      void store.loadContracts();
      void trading.loadAssets();
    }
  });
  const decimalsOf = (code: string) => trading.decimalsFor(code) ?? trading.priceDecimals;
  const period = store.chosenPeriod;

  return (
    <>
      <form
        className={formStyles.form}
        noValidate
        aria-label={t('tabs.options')}
        onSubmit={(event) => {
          event.preventDefault();
          store.review();
        }}
      >
        <Segmented
          label={t('options.direction')}
          value={store.direction}
          onChange={store.setDirection}
          options={[
            { value: 'up', label: t('options.up'), tone: 'up' },
            { value: 'down', label: t('options.down'), tone: 'down' },
          ]}
        />
        <DecimalField
          label={t('options.stake')}
          required
          trailing="USDT"
          value={store.amount}
          onValueChange={(text) => store.setAmount(text)}
          error={problemText(store.visibleProblem, t)}
          hint={
            store.bounds
              ? t('options.stakeHint', {
                  min: formatMoney(store.bounds.min, 'USDT'),
                  max: formatMoney(store.bounds.max, 'USDT'),
                })
              : undefined
          }
        />
        {store.periods.length > 0 ? (
          <Segmented
            label={t('options.period')}
            value={period?.seconds ?? store.periods[0]!.seconds}
            onChange={store.setPeriod}
            options={store.periods.map((p) => ({
              value: p.seconds,
              label: t('options.periodOption', { seconds: p.seconds, rate: ratePercent(p.rate) }),
            }))}
          />
        ) : null}
        <StaleRule trading={trading} />
        <TicketSubmit
          refusal={store.refusal}
          failure={store.failure}
          stakeBounds={store.bounds}
          disabled={!period}
        >
          {t('order.review')}
        </TicketSubmit>
      </form>

      <Modal
        open={store.confirming}
        onClose={store.cancel}
        dismissOnBackdrop={false}
        title={t('options.confirmTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={store.cancel}>
              {t('order.cancel')}
            </Button>
            <Button
              loading={store.placing}
              onClick={() =>
                void store.confirm().then((contract) => {
                  if (!contract) return;
                  toaster.show(t('order.placed'), { tone: 'success' });
                  void trading.loadAssets();
                })
              }
            >
              {t('order.confirm')}
            </Button>
          </>
        }
      >
        {period ? (
          <Figures
            testId="option-terms"
            items={[
              [t('market'), trading.code ?? ''],
              [t('options.direction'), t(store.direction === 'up' ? 'options.up' : 'options.down')],
              // The feed's price now, live while the dialog is open: the contract opens at the purchase tick.
              [
                t('review.livePrice'),
                <LivePrice key="live" trading={trading} decimals={trading.priceDecimals} />,
                'option-live-price',
              ],
              [t('options.stake'), formatMoney(store.amount, 'USDT')],
              [t('options.period'), `${period.seconds} s`],
              [t('options.payoutRate'), ratePercent(period.rate)],
              [t('options.payout'), store.payout ? formatMoney(store.payout, 'USDT') : '—', 'option-payout'],
            ]}
          />
        ) : null}
        <p className={formStyles.note}>{t('options.lossIfWrong')}</p>
        <StaleRule trading={trading} />
      </Modal>

      <InListsArea>
        <section className={listStyles.section} aria-label={t('options.contracts')}>
          <h3>{t('options.contracts')}</h3>
          {store.contracts.length === 0 ? (
            <EmptyState title={t('order.noOrders')} />
          ) : (
            <ul className={listStyles.list} data-testid="option-contracts">
              {store.contracts.map((contract) => (
                <ContractItem
                  key={contract.id}
                  contract={contract}
                  now={store.now}
                  decimals={decimalsOf(contract.code)}
                  onReceipt={() =>
                    setReceipt({ kind: 'option', id: contract.id, priceDecimals: decimalsOf(contract.code) })
                  }
                />
              ))}
            </ul>
          )}
        </section>
      </InListsArea>
      <ReceiptDialog target={receipt} onClose={() => setReceipt(null)} />
    </>
  );
});

/** Its own observer: each tick redraws this figure, not the whole ticket. */
const LivePrice = observer(function LivePrice({
  trading,
  decimals,
}: {
  trading: TradingStore;
  decimals: number;
}) {
  const price = trading.livePrice;
  return <>{price === null ? '—' : formatPrice(price, decimals)}</>;
});

function ContractItem({
  contract,
  now,
  decimals,
  onReceipt,
}: {
  contract: OptionContract;
  now: number;
  decimals: number;
  onReceipt: () => void;
}) {
  const t = useTradingT();
  const left = secondsLeft(contract.expiryTime, now);
  const running = contract.status === 'open';
  return (
    <li className={listStyles.item} data-testid="option-contract" data-status={contract.status}>
      <div className={listStyles.itemHead}>
        <strong>{contract.code}</strong>
        <span className={contract.direction === 'up' ? listStyles.up : listStyles.down}>
          {t(contract.direction === 'up' ? 'options.up' : 'options.down')}
        </span>
        <span>{formatMoney(contract.amount, 'USDT')}</span>
        <span className={listStyles.status} data-testid="option-status">
          {t(`options.status.${contract.status}`)}
        </span>
      </div>
      {running ? (
        <p role="timer" aria-live="off" data-testid="option-countdown">
          {left > 0 ? t('options.countdown', { time: formatDuration(left, t) }) : t('options.settling')}
        </p>
      ) : null}
      <Figures
        items={[
          [t('options.openPrice'), formatPrice(contract.openPrice, decimals), 'option-open-price'],
          [
            t('options.settlePrice'),
            contract.settlePrice === null ? '—' : formatPrice(contract.settlePrice, decimals),
            'option-settle-price',
          ],
          [
            t('options.profit'),
            contract.profit === null ? (
              '—'
            ) : (
              <SignedAmount value={contract.profit}>{formatMoney(contract.profit, 'USDT')}</SignedAmount>
            ),
          ],
          [t('margin.openTime'), formatDateTime(contract.openTime)],
        ]}
      />
      {!running ? (
        <div className={listStyles.actions}>
          <Button size="small" variant="ghost" onClick={onReceipt}>
            {t('order.receipt')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
