import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import {
  Button,
  DecimalField,
  EmptyState,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRate,
  formatPrice,
  parseAmount,
  problemText,
  Tabs,
  toaster,
} from '@swx/shared';
import { spotTerms } from '@swx/shared/contract';
import type { SpotOrder } from '../../../api';
import { Figures } from '../../../components/figures';
import { limitsHint } from '../../../components/order-limits';
import { Segmented } from '../../../components/segmented';
import { useTradingT } from '../../../i18n';
import formStyles from '../forms.module.css';
import listStyles from '../lists.module.css';
import { ReceiptDialog, type ReceiptTarget } from '../receipt';
import { TicketSubmit } from '../order-refusal';
import { OneClickNotice, SpotReview, useOneClickTrading, type SpotDraft } from '../review';
import type { TradingStore } from '../trading-store';
import { useTradingEvents } from '../use-account-events';
import { SpotStore } from './spot-store';
import { InListsArea } from '../workspace';

type View = 'pending' | 'history';

export const SpotPanel = observer(function SpotPanel({ trading }: { trading: TradingStore }) {
  const t = useTradingT();
  const [store] = useState(() => new SpotStore(trading));
  const [view, setView] = useState<View>('pending');
  const [receipt, setReceipt] = useState<ReceiptTarget | null>(null);
  const feeRate = trading.feeRate;
  useEffect(() => {
    void store.load();
  }, [store]);
  useTradingEvents((event) => {
    if (event.type === 'order_filled') {
      void store.load();
      void trading.loadAssets();
    }
  });

  const coin = trading.info?.baseAsset ?? '';
  const decimals = trading.priceDecimals;
  const decimalsOf = (code: string) => trading.decimalsFor(code) ?? decimals;
  const problems = store.visibleProblems;
  // Terms before commitment (docs/product.md promise 4): the value and fee at the price the order would fill at.
  const quantity = parseAmount(store.quantity);
  const price = parseAmount(store.orderType === 'limit' ? store.limitPrice : (trading.livePrice ?? ''));
  // Value and fee as the server posts them (`spotTerms`: whole cents, paid rounded up, received down).
  const terms =
    quantity && price && feeRate !== null ? spotTerms(store.side, quantity, price, feeRate) : null;
  const coinAvailable = coin ? trading.available(coin) : null;

  // Every order is reviewed before it is sent (docs/product.md promise 4): nothing executes on the first
  // click, unless the customer turned on one-click trading in their settings.
  const oneClick = useOneClickTrading();
  const [review, setReview] = useState<SpotDraft | null>(null);
  const askReview = () => {
    if (!store.validate() || !quantity || !price) return;
    if (oneClick) {
      void submit();
      return;
    }
    setReview({
      code: trading.code!,
      side: store.side,
      orderType: store.orderType,
      quantity,
      price,
      coin,
    });
  };

  const submit = async () => {
    const order = await store.submit();
    setReview(null);
    if (!order) return;
    toaster.show(t('order.placed'), { tone: 'success' });
    void trading.loadAssets();
    setView(order.status === 'pending' ? 'pending' : 'history');
  };

  const orderItem = (order: SpotOrder) => {
    const orderDecimals = decimalsOf(order.code);
    return (
      <li key={order.id} className={listStyles.item} data-testid="spot-order" data-status={order.status}>
        <div className={listStyles.itemHead}>
          <strong>{order.code}</strong>
          <span className={order.side === 'buy' ? listStyles.up : listStyles.down}>
            {t(order.side === 'buy' ? 'spot.buy' : 'spot.sell')}
          </span>
          <span>{t(order.orderType === 'limit' ? 'order.limit' : 'order.market')}</span>
          <span className={listStyles.status}>{t(`spot.status.${order.status}`)}</span>
        </div>
        <Figures
          items={[
            [t('spot.quantity'), formatNumber(order.quantity)],
            ...(order.price !== null
              ? [[t('order.limitPrice'), formatPrice(order.price, orderDecimals)] as [string, string]]
              : []),
            ...(order.fillPrice !== null
              ? [[t('spot.fillPrice'), formatPrice(order.fillPrice, orderDecimals)] as [string, string]]
              : []),
            ...(order.value !== null
              ? [[t('spot.value'), formatMoney(order.value, 'USDT')] as [string, string]]
              : []),
            ...(order.fee !== null
              ? [[t('spot.fee'), formatMoney(order.fee, 'USDT')] as [string, string]]
              : []),
            [t('margin.openTime'), formatDateTime(order.filledAt ?? order.cancelledAt ?? order.createdAt)],
          ]}
        />
        <div className={listStyles.actions}>
          {order.status === 'pending' ? (
            <Button
              size="small"
              variant="danger"
              loading={store.busyId === order.id}
              onClick={() =>
                void store.cancel(order.id).then((done) => {
                  if (!done) return;
                  toaster.show(t('spot.cancelled'), { tone: 'success' });
                  void trading.loadAssets();
                })
              }
            >
              {t('spot.cancelOrder')}
            </Button>
          ) : null}
          {order.status === 'filled' ? (
            <Button
              size="small"
              variant="ghost"
              onClick={() => setReceipt({ kind: 'spot', id: order.id, priceDecimals: orderDecimals })}
            >
              {t('order.receipt')}
            </Button>
          ) : null}
        </div>
      </li>
    );
  };

  const items = view === 'pending' ? store.pending : store.history;
  return (
    <>
      <form
        className={formStyles.form}
        noValidate
        aria-label={t('tabs.spot')}
        onSubmit={(event) => {
          event.preventDefault();
          askReview();
        }}
      >
        <Segmented
          label={t('spot.side')}
          value={store.side}
          onChange={(side) => store.set('side', side)}
          options={[
            { value: 'buy', label: t('spot.buy'), tone: 'up' },
            { value: 'sell', label: t('spot.sell'), tone: 'down' },
          ]}
        />
        <Segmented
          label={t('order.entry')}
          value={store.orderType}
          onChange={(orderType) => store.set('orderType', orderType)}
          options={[
            { value: 'market', label: t('order.market') },
            { value: 'limit', label: t('order.limit') },
          ]}
        />
        <DecimalField
          label={t('spot.quantity')}
          required
          trailing={coin}
          value={store.quantity}
          onValueChange={(text) => store.set('quantity', text)}
          error={problemText(problems.quantity, t)}
          hint={limitsHint(trading.info, t)}
        />
        {store.orderType === 'limit' ? (
          <DecimalField
            label={t('order.limitPrice')}
            required
            trailing="USDT"
            value={store.limitPrice}
            onValueChange={(text) => store.set('limitPrice', text)}
            error={problemText(problems.limitPrice, t)}
          />
        ) : null}
        {trading.availableUsdt !== null && coin ? (
          <p className={formStyles.hint}>
            {t('spot.balances', {
              usdt: formatMoney(trading.availableUsdt, 'USDT'),
              coin: formatMoney(coinAvailable ?? '0', coin),
            })}
          </p>
        ) : null}
        {terms && price && feeRate !== null ? (
          <p className={formStyles.hint} data-testid="spot-estimate">
            {t('spot.estimate', {
              price: formatPrice(price, decimals),
              value: formatMoney(terms.value, 'USDT'),
              fee: formatMoney(terms.fee, 'USDT'),
              rate: formatRate(feeRate),
            })}
          </p>
        ) : null}
        <TicketSubmit refusal={store.refusal} failure={store.failure} loading={store.placing}>
          {t(store.side === 'buy' ? 'spot.buy' : 'spot.sell')}
        </TicketSubmit>
        <OneClickNotice />
      </form>
      <InListsArea>
        <section className={listStyles.section} aria-label={t('tabs.spot')}>
          <Tabs
            label={t('tabs.spot')}
            value={view}
            onChange={setView}
            tabs={[
              { value: 'pending', label: `${t('spot.openOrders')} (${store.pending.length})` },
              { value: 'history', label: t('spot.history') },
            ]}
          >
            {items.length === 0 ? (
              <EmptyState title={t('order.noOrders')} />
            ) : (
              <ul className={listStyles.list} data-testid={`spot-${view}`}>
                {items.map(orderItem)}
              </ul>
            )}
          </Tabs>
        </section>
      </InListsArea>
      <ReceiptDialog target={receipt} onClose={() => setReceipt(null)} />
      <SpotReview
        draft={review}
        livePrice={trading.livePrice}
        feeRate={feeRate}
        decimals={decimals}
        busy={store.placing}
        onConfirm={() => void submit()}
        onCancel={() => setReview(null)}
      />
    </>
  );
});
