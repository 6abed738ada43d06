import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { EmptyState } from '@swx/shared';
import { contentTypes, type ContentSummary } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { ContentBody, useContentList } from '../../components/content';
import { LoadView, useLoad } from '../../components/load';
import { AccountPage } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import styles from './help.module.css';

/** One question: the answer is fetched the first time it is opened. */
function Answer({ id }: { id: string }) {
  const state = useLoad(() => accountApi.content(id), [id]);
  return (
    <LoadView state={state} lines={2}>
      {(content) => <ContentBody html={content.body} />}
    </LoadView>
  );
}

function Question({ item }: { item: ContentSummary }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={styles.faq} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{item.title}</summary>
      {opened ? <Answer id={item.id} /> : null}
    </details>
  );
}

/** `/help/faq`: questions and answers (content type 4) in the active language. */
export const FaqScreen = observer(function FaqScreen() {
  const { t } = useAccountStrings();
  const state = useContentList(contentTypes.faq);
  return (
    <AccountPage title={t('help.faq')} back="/help">
      <LoadView state={state}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState title={t('help.empty')} />
          ) : (
            <div>
              {items.map((item) => (
                <Question key={item.id} item={item} />
              ))}
            </div>
          )
        }
      </LoadView>
    </AccountPage>
  );
});
