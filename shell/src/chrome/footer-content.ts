import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiClient, Lang } from '@swx/shared';
import type { ContentSummary } from '@swx/shared/contract';

/** Footer statements (content type 3, seed §3). */
const FOOTER_CONTENT_TYPE = 3;

/**
 * The footer content list's selector for a language: the language-tag form (our addition to the seed's
 * 1 = Chinese, 2 = others), so each of the ten languages gets its own titles and pages.
 */
export function footerSelector(lang: Lang): string {
  return `${FOOTER_CONTENT_TYPE}-${lang}`;
}

/** The footer's links to content pages, reloaded whenever the language changes. */
export class FooterContentStore {
  items: ContentSummary[] = [];
  status: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  private requestId = 0;

  constructor(private readonly api: Pick<ApiClient, 'call'>) {
    makeObservable<FooterContentStore>(this, { items: observableRef, status: observable, load: action });
  }

  async load(lang: Lang): Promise<void> {
    const requestId = ++this.requestId;
    this.status = 'loading';
    try {
      const items = await this.api.call('content.list', { params: { selector: footerSelector(lang) } });
      // A slower answer for a language the customer already left must not overwrite the newer list.
      if (requestId !== this.requestId) return;
      runInAction(() => {
        this.items = Array.isArray(items) ? items : [];
        this.status = 'ready';
      });
    } catch {
      if (requestId !== this.requestId) return;
      runInAction(() => {
        this.items = [];
        this.status = 'failed';
      });
    }
  }
}

/** `/detail?id=&title=`: the content page route owned by the account module. */
export function detailHref(item: Pick<ContentSummary, 'id' | 'title'>): string {
  return `/detail?${new URLSearchParams({ id: item.id, title: item.title }).toString()}`;
}
