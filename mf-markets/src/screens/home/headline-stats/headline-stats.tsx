import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, getFormatLanguage, visuallyHiddenClass } from '@swx/shared';
import type { HomeStore } from '../home-store';
import { PlatformStatsStore } from './platform-stats-store';
import styles from './headline-stats.module.css';

/** The server recomputes its figures once a minute; asking more often would only repeat them. */
export const PLATFORM_STATS_REFRESH_MS = 60_000;

const UNKNOWN = '—';
/** Counts up to this are shown in full; larger ones compactly (12.3K), so every figure fits one line. */
const FULL_COUNT_LIMIT = 10_000;

const compactFormats = new Map<string, Intl.NumberFormat>();

/** A figure in the language's short notation ("12.3K", "1,2 Mio.", "1.2万"), from the exact decimal string. */
export function compactFigure(value: string, lang: string = getFormatLanguage()): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lang, format);
  }
  return format.format(value as `${number}`);
}

function countFigure(count: number): string {
  return count < FULL_COUNT_LIMIT ? formatNumber(count) : compactFigure(String(count));
}

interface Figure {
  key: string;
  /** What the strip shows ("—" while unknown). */
  shown: string;
  /** The exact figure, for readers and on hover, when the shown one is shortened. */
  full?: string;
}

/**
 * The home page's headline statistics: market counts from the listed markets (live), and the platform's
 * customer and 24-hour real-money trading figures from the server. Every figure is computed from real data;
 * an unknown one shows "—" in a cell of fixed size, so nothing on the page moves when the figures arrive.
 */
export const HeadlineStats = observer(function HeadlineStats({
  store,
  platform: given,
}: {
  store: HomeStore;
  platform?: PlatformStatsStore;
}) {
  const { t } = useTranslation('markets');
  const [platform] = useState(() => given ?? new PlatformStatsStore());
  useEffect(() => {
    void platform.load();
    const refresh = setInterval(() => void platform.load(), PLATFORM_STATS_REFRESH_MS);
    return () => clearInterval(refresh);
  }, [platform]);

  const marketsReady = store.marketsStatus === 'ready';
  const stats = platform.stats;
  const figures: Figure[] = [
    { key: 'listed', shown: marketsReady ? formatNumber(store.listedCount) : UNKNOWN },
    { key: 'openNow', shown: marketsReady ? formatNumber(store.openNowCount) : UNKNOWN },
    { key: 'rising', shown: marketsReady ? formatNumber(store.risingCount) : UNKNOWN },
    stats
      ? {
          key: 'customers',
          shown: countFigure(stats.registeredCustomers),
          full: formatNumber(stats.registeredCustomers),
        }
      : { key: 'customers', shown: UNKNOWN },
    stats
      ? {
          key: 'traders24h',
          shown: countFigure(stats.tradingCustomers24h),
          full: formatNumber(stats.tradingCustomers24h),
        }
      : { key: 'traders24h', shown: UNKNOWN },
    stats
      ? {
          key: 'volume24h',
          shown: compactFigure(stats.tradedVolume24h),
          full: t('home.stats.volumeFull', { amount: formatMoney(stats.tradedVolume24h, 'USDT') }),
        }
      : { key: 'volume24h', shown: UNKNOWN },
  ];

  return (
    <div className={styles.strip}>
      <dl className={styles.stats} data-testid="headline-stats">
        {figures.map((figure) => (
          <div key={figure.key} className={styles.stat}>
            <dt>{t(`home.stats.${figure.key}`)}</dt>
            {figure.full && figure.full !== figure.shown ? (
              <dd title={figure.full}>
                <span aria-hidden="true">{figure.shown}</span>
                <span className={visuallyHiddenClass}>{figure.full}</span>
              </dd>
            ) : (
              <dd>{figure.shown}</dd>
            )}
          </div>
        ))}
      </dl>
      {/* Always rendered (a live region must exist before it speaks) and of fixed height. */}
      <p className={styles.note} role="status">
        {platform.status === 'error' && (
          <>
            <span>{t('home.stats.unavailable')}</span>
            <button type="button" className={styles.retry} onClick={() => void platform.load()}>
              {t('list.retry')}
            </button>
          </>
        )}
      </p>
    </div>
  );
});
