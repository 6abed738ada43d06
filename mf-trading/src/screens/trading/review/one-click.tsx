import { observer } from 'mobx-react-lite';
import { useRootStore } from '@swx/shared';
import { useTradingT } from '../../../i18n';
import styles from '../forms.module.css';

/**
 * Whether the customer turned on one-click trading (stored on the server with their profile, off by
 * default): spot orders and position closes then execute on the first click, without the review.
 */
export function useOneClickTrading(): boolean {
  const { session } = useRootStore();
  return session.userInfo?.oneClickTrading === true;
}

/** Said next to every button that executes at once, so one-click trading is never a surprise either. */
export const OneClickNotice = observer(function OneClickNotice() {
  const t = useTradingT();
  if (!useOneClickTrading()) return null;
  return (
    <p className={styles.hint} data-testid="one-click-notice">
      {t('order.oneClickOn')}
    </p>
  );
});
