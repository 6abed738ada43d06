import Decimal from 'decimal.js';
import { formatPercent, useRootStore } from '@swx/shared';
import type { NftAuctionRules } from '@swx/shared/contract';
import { Section } from '../../components/page';
import { useNftT } from '../../i18n';
import { formatDuration } from '../../rules/auction';
import styles from './detail.module.css';

/** The auction's rules in plain words, from the parameters in force (never hard-coded numbers). */
export function AuctionRules({ rules }: { rules: NftAuctionRules }) {
  const { t } = useNftT();
  const lang = useRootStore().settings.language;
  // The rate arrives as a fraction ("0.05"); formatPercent takes percent units.
  const rate = formatPercent(new Decimal(rules.incrementRate).times(100), {
    decimals: 0,
    signed: false,
  });
  return (
    <Section title={t('detail.rulesTitle')} id="nft-rules">
      <ul className={styles.rules}>
        <li>{t('detail.ruleIncrement', { rate })}</li>
        <li>{t('detail.ruleHold', { currency: rules.currency })}</li>
        <li data-testid="extension-rule">
          {t('detail.ruleExtension', {
            window: formatDuration(rules.extensionWindowSeconds, lang),
            extension: formatDuration(rules.extensionSeconds, lang),
            cap: formatDuration(rules.maxExtensionSeconds, lang),
          })}
        </li>
        <li>{t('detail.ruleSettlement')}</li>
      </ul>
    </Section>
  );
}

/** Custody stated honestly: the platform records ownership; nothing moves on chain. */
export function CustodyStatement() {
  const { t } = useNftT();
  return (
    <Section title={t('detail.custodyTitle')} id="nft-custody">
      <p className={styles.paragraph} data-testid="custody">
        {t('detail.custody')}
      </p>
    </Section>
  );
}
