import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { EmptyState } from '@swx/shared';
import { contentTypes } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { ContentBody, detailPath, useContentList } from '../../components/content';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';

function FirstItem({ id }: { id: string }) {
  const state = useLoad(() => accountApi.content(id), [id]);
  return <LoadView state={state}>{(content) => <ContentBody html={content.body} />}</LoadView>;
}

/** `/introduction`: the company's introduction (content type 1), the first item in full and links to the rest. */
export const IntroductionScreen = observer(function IntroductionScreen() {
  const { t } = useAccountStrings();
  const state = useContentList(contentTypes.company);
  return (
    <AccountPage title={t('help.introduction')} back="/help">
      <LoadView state={state}>
        {(items) => {
          const [first, ...rest] = items;
          if (!first) return <EmptyState title={t('help.empty')} />;
          return (
            <>
              <Section title={first.title} id="introduction-first">
                <FirstItem id={first.id} />
              </Section>
              {rest.length > 0 ? (
                <Section title={t('help.more')} id="introduction-more">
                  <ul>
                    {rest.map((item) => (
                      <li key={item.id}>
                        <Link to={detailPath(item)}>{item.title}</Link>
                      </li>
                    ))}
                  </ul>
                </Section>
              ) : null}
            </>
          );
        }}
      </LoadView>
    </AccountPage>
  );
});
