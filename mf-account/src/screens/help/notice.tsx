import { contentTypes } from '@swx/shared/contract';
import { ContentList } from '../../components/content';
import { AccountPage } from '../../components/page';
import { useAccountStrings } from '../../i18n';

/** `/help/notice`: the platform's notices (content type 5), each opening its `/detail` page. */
export function NoticeScreen() {
  const { t } = useAccountStrings();
  return (
    <AccountPage title={t('help.notice')} back="/help">
      <ContentList type={contentTypes.notice} label={t('help.notice')} />
    </AccountPage>
  );
}
