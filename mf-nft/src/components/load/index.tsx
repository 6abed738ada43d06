import { LoadView as SdkLoadView, type LoadViewProps } from '@swx/shared';
import { useNftT } from '../../i18n';

export { useLoad, type LoadState } from '@swx/shared';

/** The SDK's LoadView with this module's load texts. */
export function LoadView<T>(props: Omit<LoadViewProps<T>, 't'>) {
  const { t } = useNftT();
  return <SdkLoadView {...props} t={t} keepDataOnError />;
}
