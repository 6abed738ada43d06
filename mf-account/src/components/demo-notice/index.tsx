import { DemoNotice as SdkDemoNotice } from '@swx/shared';
import { useAccountStrings } from '../../i18n';

/** The SDK's demo-mode notice with this module's switch text. */
export function DemoNotice() {
  const { t } = useAccountStrings();
  return <SdkDemoNotice t={t} switchLabel={t('settings.switchToReal')} />;
}
