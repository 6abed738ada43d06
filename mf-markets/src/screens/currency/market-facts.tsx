import { useTranslation } from 'react-i18next';
import type { MarketInfo } from '@swx/shared/contract';
import styles from './currency.module.css';

type Session = MarketInfo['tradingHours']['sessions'][number];

/** A weekday name in the active language; 2024-01-07 was a Sunday (day 0, as the server counts). */
function weekday(day: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 7 + day),
  );
}

export function describeSession(session: Session, lang: string): string {
  return `${weekday(session.openDay, lang)} ${session.openTime} – ${weekday(session.closeDay, lang)} ${session.closeTime}`;
}

/** Type, trading hours and whether the market is open right now. */
export function MarketFacts({ info }: { info: MarketInfo }) {
  const { t, i18n } = useTranslation('markets');
  const hours = info.tradingHours;
  return (
    <section className={styles.facts} aria-labelledby="market-facts">
      <h2 id="market-facts" className={styles.sectionTitle}>
        {t('facts.title')}
      </h2>
      <dl className={styles.factList}>
        <div>
          <dt>{t('facts.type')}</dt>
          <dd>{t(`types.${info.type}`)}</dd>
        </div>
        <div>
          <dt>{t('facts.status')}</dt>
          <dd className={info.openNow ? styles.open : styles.closed} data-testid="open-now">
            {t(info.openNow ? 'market.open' : 'market.closed')}
          </dd>
        </div>
        <div>
          <dt>{t('facts.tradingHours')}</dt>
          <dd>
            {hours.alwaysOpen ? (
              t('facts.alwaysOpen')
            ) : (
              <ul className={styles.sessions}>
                {hours.sessions.map((session, i) => (
                  <li key={i}>
                    <bdi>{describeSession(session, i18n.language)}</bdi> UTC
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('facts.quote')}</dt>
          <dd>{info.quoteAsset}</dd>
        </div>
      </dl>
    </section>
  );
}
