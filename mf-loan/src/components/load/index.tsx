import { LoadView as SdkLoadView, type LoadViewProps } from '@swx/shared';
import { useLoanStrings } from '../../i18n';

export { useLoad, type LoadState } from '@swx/shared';

/** The SDK's LoadView with this module's load texts. */
export function LoadView<T>(props: Omit<LoadViewProps<T>, 't'>) {
  const { t } = useLoanStrings();
  return <SdkLoadView {...props} t={t} />;
}
