import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button, EmptyState, messageForError, toaster, useRootStore } from '@swx/shared';
import { useLoanStrings } from '../../i18n';

/**
 * Loans are for the real account (docs/product.md, accounts): in demo mode the page says so and offers
 * the switch instead of the form.
 */
export const DemoNotice = observer(function DemoNotice() {
  const { t } = useLoanStrings();
  const { settings } = useRootStore();
  const [busy, setBusy] = useState(false);
  const switchToReal = async () => {
    setBusy(true);
    try {
      await settings.setAccountMode('real');
      toaster.show(t('account.switchedToReal', { ns: 'common' }), { tone: 'success' });
    } catch (error) {
      toaster.show(messageForError(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="status">
      <EmptyState
        title={t('account.switchToReal', { ns: 'common' })}
        description={t('account.demoCannotUse', { ns: 'common' })}
        action={
          <Button onClick={switchToReal} loading={busy}>
            {t('demo.switch')}
          </Button>
        }
      />
    </div>
  );
});
