import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import {
  Button,
  DecimalField,
  EmptyState,
  formatDateTime,
  formatMoney,
  formatPrice,
  messageForError,
  Modal,
  parseAmount,
  Tabs,
  toaster,
} from '@swx/shared';
import type { Position } from '../../../api';
import { Figures, SignedAmount } from '../../../components/figures';
import { useTradingT } from '../../../i18n';
import { ReceiptDialog, type ReceiptTarget } from '../receipt';
import { CloseReview, OneClickNotice, useOneClickTrading } from '../review';
import styles from '../lists.module.css';
import type { PositionsStore } from './positions-store';

type View = 'open' | 'waiting' | 'history';

/** Open positions with a live P&L estimate, waiting limit entries and the history, each with its actions. */
export const Positions = observer(function Positions({
  store,
  priceDecimals,
  onChanged,
  feeRate,
}: {
  store: PositionsStore;
  priceDecimals: (code: string) => number;
  onChanged: () => void;
  /** The trade fee rate (`trade_fee_rate`), for the closing fee in the review; null while unknown. */
  feeRate: string | null;
}) {
  const t = useTradingT();
  const [view, setView] = useState<View>('open');
  const [receipt, setReceipt] = useState<ReceiptTarget | null>(null);
  const [modifying, setModifying] = useState<Position | null>(null);
  const lists: Record<View, Position[]> = {
    open: store.open,
    waiting: store.waiting,
    history: store.history,
  };
  const items = lists[view];

  // Closing is reviewed first, with the result at the live price (docs/product.md promise 4), unless the
  // customer turned on one-click trading.
  const oneClick = useOneClickTrading();
  const [closing, setClosing] = useState<Position | null>(null);
  const close = async (position: Position) => {
    const closed = await store.close(position.id);
    setClosing(null);
    if (!closed) return;
    onChanged();
    if (closed.closePrice !== null) {
      toaster.show(
        t('margin.closed', { price: formatPrice(closed.closePrice, priceDecimals(closed.code)) }),
        {
          tone: 'success',
        },
      );
      setReceipt({ kind: 'margin', id: closed.id, priceDecimals: priceDecimals(closed.code) });
    }
  };

  return (
    <section className={styles.section} aria-label={t('tabs.margin')}>
      <Tabs
        label={t('tabs.margin')}
        value={view}
        onChange={setView}
        tabs={[
          { value: 'open', label: `${t('margin.openPositions')} (${store.open.length})` },
          { value: 'waiting', label: `${t('margin.pending')} (${store.waiting.length})` },
          { value: 'history', label: t('margin.history') },
        ]}
      >
        {store.failure ? (
          <p role="alert" className={styles.failure}>
            {messageForError(store.failure, t)}
          </p>
        ) : null}
        {view === 'open' && store.totalEstimate !== null && store.open.length > 0 ? (
          <p className={styles.total}>
            {t('margin.pnlEstimate')}:{' '}
            <SignedAmount value={store.totalEstimate.toFixed()}>
              <span data-testid="total-pnl">{formatMoney(store.totalEstimate, 'USDT', { decimals: 2 })}</span>
            </SignedAmount>
          </p>
        ) : null}
        {view === 'open' && store.open.length > 0 ? <OneClickNotice /> : null}
        {items.length === 0 ? (
          <EmptyState title={t('order.noOrders')} />
        ) : (
          <ul className={styles.list} data-testid={`positions-${view}`}>
            {items.map((position) => {
              const decimals = priceDecimals(position.code);
              const estimate = store.estimates.get(position.id);
              const price = (value: string | null) => (value === null ? '—' : formatPrice(value, decimals));
              return (
                <li key={position.id} className={styles.item} data-testid="position" data-id={position.id}>
                  <div className={styles.itemHead}>
                    <strong>{position.code}</strong>
                    <span className={position.direction === 'long' ? styles.up : styles.down}>
                      {t(position.direction === 'long' ? 'margin.long' : 'margin.short')}
                    </span>
                    <span>
                      {position.lots} × {t('margin.leverageValue', { value: position.leverage })}
                    </span>
                    <span className={styles.status}>
                      {t(`margin.status.${position.status}`)}
                      {position.closeReason && position.status !== 'cancelled'
                        ? ` · ${t(`margin.reason.${position.closeReason}`, { defaultValue: position.closeReason })}`
                        : ''}
                    </span>
                  </div>
                  <Figures
                    items={[
                      ...(position.status === 'waiting'
                        ? [[t('order.limitPrice'), price(position.limitPrice)] as [string, string]]
                        : [[t('margin.openPrice'), price(position.openPrice)] as [string, string]]),
                      ...(view === 'open'
                        ? [
                            [t('margin.currentPrice'), price(estimate?.price ?? null), 'current-price'] as [
                              string,
                              string,
                              string,
                            ],
                          ]
                        : []),
                      ...(view === 'history' && position.closePrice !== null
                        ? [[t('margin.closePrice'), price(position.closePrice)] as [string, string]]
                        : []),
                      [t('margin.stopLoss'), price(position.stopLoss)],
                      [t('margin.takeProfit'), price(position.takeProfit)],
                      [t('margin.margin'), formatMoney(position.margin, 'USDT')],
                      [t('margin.fee'), formatMoney(position.fee, 'USDT')],
                      ...(view === 'open'
                        ? [
                            [
                              <span key="l" title={t('margin.pnlEstimateHint')}>
                                {t('margin.pnlEstimate')}
                              </span>,
                              estimate?.profit ? (
                                <SignedAmount value={estimate.profit.toFixed()}>
                                  <span data-testid="position-pnl">
                                    {formatMoney(estimate.profit, 'USDT', { decimals: 2 })}
                                  </span>
                                </SignedAmount>
                              ) : (
                                '—'
                              ),
                            ] as [React.ReactNode, React.ReactNode],
                          ]
                        : []),
                      ...(view === 'history' && position.profit !== null
                        ? [
                            [
                              t('margin.profit'),
                              <SignedAmount key="p" value={position.profit}>
                                {formatMoney(position.profit, 'USDT')}
                              </SignedAmount>,
                            ] as [string, React.ReactNode],
                          ]
                        : []),
                      [
                        view === 'history' ? t('margin.closeTime') : t('margin.openTime'),
                        formatDateTime(
                          (view === 'history' ? position.closeTime : position.openTime) ?? position.createdAt,
                        ),
                      ],
                    ]}
                  />
                  {view === 'open' ? <p className={styles.hint}>{t('margin.pnlEstimateHint')}</p> : null}
                  <div className={styles.actions}>
                    {view === 'open' ? (
                      <>
                        <Button
                          size="small"
                          variant="danger"
                          loading={store.busyId === position.id}
                          onClick={() => (oneClick ? void close(position) : setClosing(position))}
                        >
                          {t('margin.close')}
                        </Button>
                        <Button size="small" variant="secondary" onClick={() => setModifying(position)}>
                          {t('margin.modify')}
                        </Button>
                      </>
                    ) : null}
                    {view === 'waiting' ? (
                      <>
                        <Button
                          size="small"
                          variant="danger"
                          loading={store.busyId === position.id}
                          onClick={() => void store.close(position.id).then((done) => done && onChanged())}
                        >
                          {t('margin.cancelOrder')}
                        </Button>
                        <Button size="small" variant="secondary" onClick={() => setModifying(position)}>
                          {t('margin.modify')}
                        </Button>
                      </>
                    ) : null}
                    {position.status !== 'waiting' && position.status !== 'cancelled' ? (
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() =>
                          setReceipt({ kind: 'margin', id: position.id, priceDecimals: decimals })
                        }
                      >
                        {t('order.receipt')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Tabs>
      <ReceiptDialog target={receipt} onClose={() => setReceipt(null)} />
      <CloseReview
        position={closing}
        feeRate={feeRate}
        decimals={closing ? priceDecimals(closing.code) : 2}
        busy={closing !== null && store.busyId === closing.id}
        onConfirm={() => closing && void close(closing)}
        onCancel={() => setClosing(null)}
      />
      <ModifyDialog position={modifying} store={store} onClose={() => setModifying(null)} />
    </section>
  );
});

/** Changes the stop loss and take profit of a position; the server applies the same rules as at opening. */
function ModifyDialog({
  position,
  store,
  onClose,
}: {
  position: Position | null;
  store: PositionsStore;
  onClose: () => void;
}) {
  const t = useTradingT();
  return (
    <Modal open={position !== null} onClose={onClose} title={t('margin.modifyTitle')}>
      {position ? (
        <ModifyFields key={position.id} position={position} store={store} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ModifyFields({
  position,
  store,
  onClose,
}: {
  position: Position;
  store: PositionsStore;
  onClose: () => void;
}) {
  const t = useTradingT();
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // Empty removes; anything else must be a positive number (the side and liquidation rules are the server's).
  const badStopLoss = stopLoss.trim() !== '' && !parseAmount(stopLoss)?.gt(0);
  const badTakeProfit = takeProfit.trim() !== '' && !parseAmount(takeProfit)?.gt(0);
  const save = async () => {
    if (badStopLoss || badTakeProfit) return;
    setSaving(true);
    setFailure(null);
    try {
      await store.modify({ id: position.id, stopLoss: stopLoss.trim(), takeProfit: takeProfit.trim() });
      onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className={styles.modify}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className={styles.hint}>{t('margin.modifyHint')}</p>
      <DecimalField
        label={t('margin.stopLoss')}
        value={stopLoss}
        onValueChange={(text) => setStopLoss(text)}
        error={badStopLoss ? t('validation.stopLossUnreasonable', { ns: 'common' }) : undefined}
      />
      <DecimalField
        label={t('margin.takeProfit')}
        value={takeProfit}
        onValueChange={(text) => setTakeProfit(text)}
        error={badTakeProfit ? t('validation.takeProfitUnreasonable', { ns: 'common' }) : undefined}
      />
      {failure ? <p role="alert">{messageForError(failure, t)}</p> : null}
      <Button type="submit" loading={saving} fullWidth>
        {t('margin.save')}
      </Button>
    </form>
  );
}
