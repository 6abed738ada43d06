import { observer } from 'mobx-react-lite';
import type { Translate } from '../../i18n/error-messages';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import { useSwitchToReal } from './use-switch-to-real';

export interface DemoNoticeProps {
  /** The module's translator; the title and description come from `common`. */
  t: Translate;
  /** The switch button's text, worded by the module for its page. */
  switchLabel: string;
}

/**
 * Pages that are for the real account only (docs/product.md, accounts) say so in demo mode and offer the
 * switch instead of their form.
 */
export const DemoNotice = observer(function DemoNotice({ t, switchLabel }: DemoNoticeProps) {
  const { busy, switchToReal } = useSwitchToReal(t);
  return (
    <div role="status">
      <EmptyState
        title={t('account.switchToReal', { ns: 'common' })}
        description={t('account.demoCannotUse', { ns: 'common' })}
        action={
          <Button onClick={() => void switchToReal()} loading={busy}>
            {switchLabel}
          </Button>
        }
      />
    </div>
  );
});
