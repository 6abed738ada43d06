import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@swx/shared';
import { accountApi } from '../../api';
import { ContentBody } from '../../components/content';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage } from '../../components/page';
import { useAccountStrings } from '../../i18n';

const idPattern = /^[1-9][0-9]{0,18}$/;

/** `/detail?id=&title=`: one content item (company, policy, footer statement, FAQ or notice). */
export function DetailScreen() {
  const { t } = useAccountStrings();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const title = params.get('title') ?? '';
  const valid = idPattern.test(id);
  const state = useLoad(() => (valid ? accountApi.content(id) : Promise.resolve(null)), [id, valid]);
  return (
    <AccountPage title={state.data?.title || title || t('detail.title')} back="/help">
      {valid ? (
        <LoadView state={state}>
          {(content) => (content ? <ContentBody html={content.body} /> : null)}
        </LoadView>
      ) : (
        <EmptyState title={t('detail.notFound')} />
      )}
    </AccountPage>
  );
}
