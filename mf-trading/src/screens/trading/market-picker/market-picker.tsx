import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { getRootStore, MarketName, Tabs, useMarketName } from '@swx/shared';
import { tradingApi, type TradableMarket } from '../../../api';
import { useTradingT } from '../../../i18n';
import type { TradingStore } from '../trading-store';
import { filterMarkets, pickerTabs, pickerTypeOrder, type PickerTab } from './market-search';
import styles from './market-picker.module.css';

const marketText = (market: TradableMarket, name: string) =>
  market.name === market.code ? market.code : `${name} · ${market.code}`;

/**
 * The market picker: a button naming the chosen market opens a search (the WAI-ARIA combobox pattern, with a
 * listbox of markets) over tabs for every market, the customer's watchlist and each market type. Arrow keys
 * move through the list, Enter chooses, Escape closes and returns to the button.
 */
export const MarketPicker = observer(function MarketPicker({ store }: { store: TradingStore }) {
  const t = useTradingT();
  const labelId = useId();
  const triggerId = useId();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const current = store.market;
  const localName = useMarketName();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  return (
    <div className={styles.picker}>
      <span id={labelId} className={styles.label}>
        {t('market')}
      </span>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${triggerId}`}
        data-testid="market-picker"
        data-code={store.code ?? ''}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={styles.current}>
          {current ? marketText(current, localName(current.code, current.name)) : (store.code ?? '')}
        </span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={styles.chevron}>
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open ? (
        <PickerPopup
          store={store}
          onChoose={(code) => {
            close(true);
            if (code !== store.code) void store.select(code);
          }}
          onClose={close}
          triggerRef={triggerRef}
        />
      ) : null}
    </div>
  );
});

const PickerPopup = observer(function PickerPopup({
  store,
  onChoose,
  onClose,
  triggerRef,
}: {
  store: TradingStore;
  onChoose: (code: string) => void;
  onClose: (returnFocus: boolean) => void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const t = useTradingT();
  const localName = useMarketName();
  const listId = useId();
  const optionId = (code: string) => `${listId}-${code}`;
  const signedIn = getRootStore().session.isLoggedIn;
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<PickerTab>('all');
  const [watched, setWatched] = useState<ReadonlySet<string> | null>(null);
  const [active, setActive] = useState<string | null>(store.code);
  const popupRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    tradingApi.watchlistCodes().then(
      (codes) => live && setWatched(new Set(codes)),
      () => live && setWatched(new Set()),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  // A press anywhere else closes the picker, as a native select does.
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !triggerRef.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose, triggerRef]);

  const tabs = pickerTabs(store.markets, signedIn);
  const shown = useMemo(
    () =>
      filterMarkets(
        store.markets,
        tab,
        query,
        watched ?? new Set(),
        (type) => ((pickerTypeOrder as readonly number[]).includes(type) ? t(`picker.type.${type}`) : ''),
        (market) => localName(market.code, market.name),
      ),
    [store.markets, tab, query, watched, t, localName],
  );
  const activeCode = shown.some((m) => m.code === active) ? active : (shown[0]?.code ?? null);

  useEffect(() => {
    if (!activeCode) return;
    const option = listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(optionId(activeCode))}`);
    option?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId derives from listId only
  }, [activeCode]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const index = shown.findIndex((m) => m.code === activeCode);
    const move = (to: number) => {
      event.preventDefault();
      const next = shown[Math.max(0, Math.min(shown.length - 1, to))];
      if (next) setActive(next.code);
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'PageDown') move(index + 8);
    else if (event.key === 'PageUp') move(index - 8);
    else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeCode) onChoose(activeCode);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    }
  };

  const tabLabel = (value: PickerTab) =>
    value === 'all'
      ? t('picker.all')
      : value === 'watchlist'
        ? t('picker.watchlist')
        : t(`picker.type.${value.slice('type-'.length)}`);
  const empty =
    tab === 'watchlist' && watched !== null && watched.size === 0 && !query
      ? t('picker.watchlistEmpty')
      : t('picker.noMatch');

  return (
    <div
      ref={popupRef}
      role="dialog"
      aria-label={t('picker.title')}
      className={styles.popup}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next) && !triggerRef.current?.contains(next))
          onClose(false);
      }}
    >
      <input
        type="search"
        role="combobox"
        className={styles.search}
        aria-label={t('picker.search')}
        placeholder={t('picker.searchPlaceholder')}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeCode ? optionId(activeCode) : undefined}
        autoComplete="off"
        spellCheck={false}
        // The picker was opened to search: the field takes the focus as a native select's list would.
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Tabs
        label={t('picker.types')}
        value={tab}
        onChange={setTab}
        className={styles.tabs}
        tabs={tabs.map((value) => ({ value, label: tabLabel(value) }))}
      >
        {shown.length === 0 ? (
          <p className={styles.empty} role="status">
            {empty}
          </p>
        ) : null}
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t('picker.results', { total: shown.length })}
          className={styles.list}
          hidden={shown.length === 0}
        >
          {shown.map((market) => (
            <li
              key={market.code}
              id={optionId(market.code)}
              role="option"
              aria-selected={market.code === store.code}
              className={`${styles.option} ${market.code === activeCode ? styles.active : ''}`}
              data-code={market.code}
              // The focus stays in the search field: choosing with the pointer must not take it away first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(market.code)}
            >
              <MarketName code={market.code} name={market.name} className={styles.name} />
              <span className={styles.code}>{market.code}</span>
            </li>
          ))}
        </ul>
      </Tabs>
    </div>
  );
});
