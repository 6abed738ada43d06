import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { EmptyState, List, useRootStore } from '@swx/shared';
import type { ContentSummary } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { useAccountStrings } from '../../i18n';
import { LoadView, useLoad } from '../load';
import styles from './content.module.css';

/** The page that shows one content item; the title travels along so the heading shows before the body. */
export function detailPath(item: Pick<ContentSummary, 'id' | 'title'>): string {
  return `/detail?${new URLSearchParams({ id: item.id, title: item.title }).toString()}`;
}

/** Content items of one type in the active language (reloaded when the language changes). */
export function useContentList(type: number) {
  const { settings } = useRootStore();
  const lang = settings.language;
  return useLoad(() => accountApi.listContents(type, lang), [type, lang]);
}

/** A list of content titles, each opening its `/detail` page. */
export const ContentList = observer(function ContentList({ type, label }: { type: number; label: string }) {
  const { t } = useAccountStrings();
  const state = useContentList(type);
  return (
    <LoadView state={state}>
      {(items) => (
        <List
          label={label}
          items={items}
          getKey={(item) => item.id}
          className={styles.list}
          empty={<EmptyState title={t('help.empty')} />}
          renderItem={(item) => (
            <Link className={styles.link} to={detailPath(item)}>
              {item.title}
            </Link>
          )}
        />
      )}
    </LoadView>
  );
});
