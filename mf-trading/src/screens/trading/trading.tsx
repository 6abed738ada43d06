import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, getRootStore, Skeleton, Tabs, useLivePrices } from '@swx/shared';
import { useTradingT } from '../../i18n';
import { MarginPanel } from './margin/margin-panel';
import { PositionsStore } from './margin/positions-store';
import type { Direction } from './margin/margin-rules';
import { MarketBar } from './market-bar';
import { OptionsPanel } from './options/options-panel';
import { LinkedReceipt, receiptFromLink } from './receipt';
import { RiskWarning } from './risk-warning';
import { SpotPanel } from './spot/spot-panel';
import { TradingStore, type TradeKind } from './trading-store';
import { useTradingEvents } from './use-account-events';
import { ListsSlotProvider, TradingChart } from './workspace';
import styles from './trading.module.css';
// Smart plans: a tab of /trading with its own area and strings.
import { PlansArea } from '../../plans/plans-area';
import { usePlansT } from '../../plans/i18n';

/** A receipt opened by link shows over the tab of its product. */
const receiptTab = { spot: 'spot', margin: 'margin', option: 'options' } as const;

function directionParam(value: string | null): Direction | null {
  return value === 'long' || value === 'short' ? value : null;
}

/**
 * `/trading`: market picker and live price, the chart, and the order ticket of options, spot and margin with
 * their lists. Wide screens put the ticket beside the chart and the lists under it; narrower ones stack them.
 */
export const TradingScreen = observer(function TradingScreen() {
  const t = useTradingT();
  const plansT = usePlansT();
  const [params] = useSearchParams();
  const root = getRootStore();
  const [store] = useState(() => new TradingStore());
  // The margin tab lists the positions; the chart draws their entry, stop loss and take profit on every tab.
  const [positions] = useState(() => new PositionsStore());
  const [listsSlot, setListsSlot] = useState<HTMLElement | null>(null);
  // The markets module's long/short buttons send `?code=&direction=`: that is a margin order.
  const initialDirection = directionParam(params.get('direction'));
  const linkedReceipt = receiptFromLink(params.get('receipt'));
  const [kind, setKind] = useState<TradeKind | 'plans'>(
    initialDirection
      ? 'margin'
      : params.get('tab') === 'plans'
        ? 'plans'
        : linkedReceipt
          ? receiptTab[linkedReceipt.kind]
          : 'options',
  );
  const signedIn = root.session.isLoggedIn;
  const mode = root.settings.accountMode;
  const requestedCode = params.get('code');

  useEffect(() => {
    root.attach('trading', store);
    return () => root.detach('trading');
  }, [root, store]);
  useEffect(() => {
    void store.load(requestedCode);
  }, [store, requestedCode]);
  // Balances belong to the active account set: reload on sign-in and on a demo/real switch.
  useEffect(() => {
    void store.loadAssets();
    if (signedIn) void positions.load();
  }, [store, positions, signedIn, mode]);
  useLivePrices(store.code ? [store.code] : []);
  useTradingEvents((event) => {
    if (event.type !== 'option_settled') void positions.load();
  });

  if (store.marketsState === 'failed') {
    return (
      <div className={styles.screen}>
        <EmptyState
          title={t('loadFailed')}
          action={<Button onClick={() => void store.load(requestedCode)}>{t('retry')}</Button>}
        />
      </div>
    );
  }
  if (store.marketsState === 'loading') {
    return (
      <div className={styles.screen}>
        <Skeleton lines={6} blockSize="2rem" />
      </div>
    );
  }

  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>{t('title')}</h1>
      <MarketBar store={store} />
      <div className={`${styles.workspace} ${kind === 'plans' ? styles.plans : ''}`}>
        {store.code ? <TradingChart trading={store} positions={positions} className={styles.chart} /> : null}
        <ListsSlotProvider value={listsSlot}>
          <Tabs
            className={styles.ticket}
            label={t('tabs.label')}
            value={kind}
            onChange={setKind}
            tabs={[
              { value: 'options', label: t('tabs.options') },
              { value: 'spot', label: t('tabs.spot') },
              { value: 'margin', label: t('tabs.margin') },
              { value: 'plans', label: plansT('tab') },
            ]}
          >
            {kind === 'plans' ? (
              <div className={styles.panel}>
                <PlansArea />
              </div>
            ) : (
              <ProductTicket
                kind={kind}
                store={store}
                positions={positions}
                initialDirection={initialDirection}
              />
            )}
          </Tabs>
        </ListsSlotProvider>
        {/* The open orders, positions and history of the chosen product (see InListsArea). */}
        <div ref={setListsSlot} className={styles.lists} data-testid="trading-lists" />
      </div>
      {signedIn ? <LinkedReceipt decimalsFor={(code) => store.decimalsFor(code)} /> : null}
    </div>
  );
});

/** The chosen product's risk warning and order ticket (its lists go to the workspace's lists area). */
const ProductTicket = observer(function ProductTicket({
  kind,
  store,
  positions,
  initialDirection,
}: {
  kind: TradeKind;
  store: TradingStore;
  positions: PositionsStore;
  initialDirection: Direction | null;
}) {
  const t = useTradingT();
  const root = getRootStore();
  const mode = root.settings.accountMode;
  const offered = store.info ? store.offers(kind) : null;
  return (
    <div className={styles.panel}>
      {kind === 'margin' ? <RiskWarning product="leveraged" risk={store.risk} /> : null}
      {kind === 'options' ? <RiskWarning product="options" risk={store.risk} /> : null}
      {!root.session.isLoggedIn ? (
        <EmptyState
          title={t('signInToTrade')}
          action={
            <Link className={styles.signIn} to={`/pass/login?redirect=${encodeURIComponent('/trading')}`}>
              {t('signIn')}
            </Link>
          }
        />
      ) : offered === null ? (
        <Skeleton lines={4} blockSize="2.5rem" />
      ) : !offered ? (
        <EmptyState title={t('notOffered')} />
      ) : (
        // Keyed by account mode and market: a demo/real switch or a new market starts a clean form.
        <div key={`${mode}-${store.code}`} className={styles.kind}>
          {kind === 'margin' ? (
            <MarginPanel trading={store} positions={positions} initialDirection={initialDirection} />
          ) : null}
          {kind === 'options' ? <OptionsPanel trading={store} /> : null}
          {kind === 'spot' ? <SpotPanel trading={store} /> : null}
        </div>
      )}
    </div>
  );
});
