import { DemoNotice as SdkDemoNotice } from '@swx/shared';
import { useLoanStrings } from '../../i18n';

/** The SDK's demo-mode notice with this module's switch text. */
export function DemoNotice() {
  const { t } = useLoanStrings();
  return <SdkDemoNotice t={t} switchLabel={t('demo.switch')} />;
}
