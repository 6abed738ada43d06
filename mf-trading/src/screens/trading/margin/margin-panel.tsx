import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { toaster, useLivePrices } from '@swx/shared';
import { useTradingT } from '../../../i18n';
import type { TradingStore } from '../trading-store';
import { useTradingEvents } from '../use-account-events';
import { MarginForm } from './margin-form';
import { MarginFormStore } from './margin-form-store';
import type { Direction } from './margin-rules';
import { Positions } from './positions';
import type { PositionsStore } from './positions-store';
import { InListsArea } from '../workspace';

/** The margin tab: the order form for the chosen market and the customer's positions on every market. */
export const MarginPanel = observer(function MarginPanel({
  trading,
  positions,
  initialDirection,
}: {
  trading: TradingStore;
  /** Owned by the screen: the chart draws the open positions' levels on every tab. */
  positions: PositionsStore;
  initialDirection: Direction | null;
}) {
  const t = useTradingT();
  // The store outlives renders; its callback must speak the language active when the order is placed.
  const latestT = useRef(t);
  useEffect(() => {
    latestT.current = t;
  });
  const [form] = useState(
    () =>
      new MarginFormStore(trading, () => {
        toaster.show(latestT.current('order.placed'), { tone: 'success' });
        void positions.load();
        void trading.loadAssets();
      }),
  );
  useState(() => {
    if (initialDirection) form.set('direction', initialDirection);
  });
  const infoCode = trading.info?.code;
  useEffect(() => {
    if (infoCode) void form.loadLimits();
  }, [form, infoCode]);
  useEffect(() => {
    void positions.load();
  }, [positions]);
  // The screen reloads the positions on every trading event (the chart's lines need them on every tab).
  useTradingEvents(() => void trading.loadAssets());
  useLivePrices(positions.watchedCodes);

  const decimalsOf = (code: string) =>
    code === trading.info?.code ? trading.priceDecimals : (trading.decimalsFor(code) ?? 2);
  return (
    <>
      <MarginForm form={form} trading={trading} />
      <InListsArea>
        <Positions
          store={positions}
          priceDecimals={decimalsOf}
          feeRate={trading.feeRate}
          onChanged={() => void trading.loadAssets()}
        />
      </InListsArea>
    </>
  );
});
