import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import {
  Button,
  EmptyState,
  LoadView,
  StatusBadge,
  TextField,
  formatDateTime,
  languages,
  toaster,
  useLoad,
} from '@swx/shared';
import type { ContentLanguageTag, ContentPageDetail } from '@swx/shared/contract';
import { Page, pageStyles, Section } from '../../components/page';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

const contentTypes = [1, 2, 3, 4, 5] as const;

/**
 * The sanitised HTML exactly as customers get it, in a sandboxed frame: no script runs and the page's styles
 * do not leak in either direction.
 */
function Preview({ html, title }: { html: string; title: string }) {
  return <iframe className={pageStyles.preview} sandbox="" srcDoc={html} title={title} />;
}

function ContentEditor({ detail, onSaved }: { detail: ContentPageDetail; onSaved: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const base = detail.draft ?? detail.published;
  const [title, setTitle] = useState(base?.title ?? '');
  const [body, setBody] = useState(base?.html ?? '');
  const { running, failure, run } = useAction();
  const params = { type: detail.type, slug: detail.slug, lang: detail.lang };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await session.api.call('admin.saveContentDraft', { params, body: { title: title.trim(), body } });
      toaster.show(t('content.saved'), { tone: 'success' });
      onSaved();
    }, 'save');
  };
  const publish = async () => {
    await run(async () => {
      await session.api.call('admin.publishContent', { params });
      toaster.show(t('content.published'), { tone: 'success' });
      onSaved();
    }, 'publish');
  };

  return (
    <div className={pageStyles.split}>
      <form onSubmit={(event) => void save(event)} className={pageStyles.page} lang={detail.lang}>
        <TextField
          label={t('content.titleField')}
          value={title}
          maxLength={200}
          required
          onChange={(event) => setTitle(event.target.value)}
        />
        <label className={pageStyles.label}>
          {t('content.body')}
          <textarea
            className={pageStyles.textarea}
            rows={16}
            value={body}
            required
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <FormAlert message={failure} />
        <div className={pageStyles.row}>
          <Button type="submit" loading={running === 'save'}>
            {t('content.saveDraft')}
          </Button>
          <Button
            variant="secondary"
            disabled={!detail.draft}
            loading={running === 'publish'}
            onClick={() => void publish()}
          >
            {t('content.publish')}
          </Button>
        </div>
      </form>
      <div className={pageStyles.page}>
        <h3>{t('content.previewDraft')}</h3>
        {detail.draft ? (
          <>
            <p className={pageStyles.muted}>{formatDateTime(detail.draft.updatedAt)}</p>
            <Preview html={detail.draft.html} title={t('content.previewDraft')} />
          </>
        ) : (
          <EmptyState title={t('content.noDraft')} />
        )}
        <h3>{t('content.previewPublished')}</h3>
        {detail.published ? (
          <Preview html={detail.published.html} title={t('content.previewPublished')} />
        ) : (
          <EmptyState title={t('content.notPublished')} />
        )}
      </div>
    </div>
  );
}

function ContentPagePanel({ type, slug, lang }: { type: number; slug: string; lang: ContentLanguageTag }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const detail = useLoad(
    () => session.api.call('admin.contentPage', { params: { type, slug, lang } }),
    [type, slug, lang],
  );
  return (
    <LoadView state={detail} t={t} keepDataOnError>
      {(answer) => (
        <ContentEditor
          key={`${answer.draft?.updatedAt ?? ''}${answer.published?.updatedAt ?? ''}`}
          detail={answer}
          onSaved={detail.reload}
        />
      )}
    </LoadView>
  );
}

function isContentLang(lang: string | undefined): lang is ContentLanguageTag {
  return (languages as readonly string[]).includes(lang ?? '');
}

/** Content pages in ten languages: which exist, drafted or published, and the editor with its sanitised preview. */
export const Content = observer(function Content() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const { type: typeParam, slug, lang } = useParams();
  const [type, setType] = useState<number | undefined>(undefined);
  const pages = useLoad(
    () => session.api.call('admin.contentPages', { query: type ? { type } : {} }),
    [type],
  );
  const [newSlug, setNewSlug] = useState('');
  const [newType, setNewType] = useState(1);
  const openType = Number(typeParam);
  const editing = slug && isContentLang(lang) && Number.isInteger(openType);
  return (
    <Page title={t('content.title')} lead={t('content.lead')}>
      <div className={pageStyles.row}>
        <label className={pageStyles.label}>
          {t('content.type')}
          <select
            className={pageStyles.select}
            value={type ?? ''}
            onChange={(event) => setType(event.target.value ? Number(event.target.value) : undefined)}
          >
            <option value="">{t('content.allTypes')}</option>
            {contentTypes.map((value) => (
              <option key={value} value={value}>
                {t(`content.types.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {editing ? (
        <Section title={t('content.editing', { slug, lang })} id="content-editor">
          <ContentPagePanel type={openType} slug={slug} lang={lang} />
        </Section>
      ) : null}
      <Section title={t('content.pages')} id="content-pages">
        <LoadView state={pages} t={t} keepDataOnError>
          {(list) => (
            <div className={pageStyles.tableWrap}>
              <table className={pageStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('content.page')}</th>
                    <th scope="col">{t('content.translations')}</th>
                    <th scope="col">{t('content.missing')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((page) => (
                    <tr key={`${page.type}/${page.slug}`}>
                      <th scope="row">
                        {page.slug}
                        <div className={pageStyles.muted}>{t(`content.types.${page.type}`)}</div>
                      </th>
                      <td>
                        {page.translations.map((translation) => (
                          <span key={translation.lang}>
                            <Link
                              to={`/staff/operations/content/${page.type}/${page.slug}/${translation.lang}`}
                            >
                              {translation.lang}
                            </Link>{' '}
                            {translation.draftTitle !== null ? (
                              <StatusBadge tone="pending">{t('content.draft')}</StatusBadge>
                            ) : null}{' '}
                          </span>
                        ))}
                      </td>
                      <td>
                        {page.missing.map((missing) => (
                          <span key={missing}>
                            <Link to={`/staff/operations/content/${page.type}/${page.slug}/${missing}`}>
                              {missing}
                            </Link>{' '}
                          </span>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadView>
      </Section>
      <Section title={t('content.new')} id="content-new">
        <div className={pageStyles.row}>
          <label className={pageStyles.label}>
            {t('content.type')}
            <select
              className={pageStyles.select}
              value={newType}
              onChange={(event) => setNewType(Number(event.target.value))}
            >
              {contentTypes.map((value) => (
                <option key={value} value={value}>
                  {t(`content.types.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={t('content.slug')}
            hint={t('content.slugHint')}
            pattern="[a-z0-9][a-z0-9\-]{0,63}"
            value={newSlug}
            onChange={(event) => setNewSlug(event.target.value)}
          />
          {/^[a-z0-9][a-z0-9-]{0,63}$/.test(newSlug) ? (
            <Link to={`/staff/operations/content/${newType}/${newSlug}/en`}>{t('content.startEnglish')}</Link>
          ) : null}
        </div>
      </Section>
    </Page>
  );
});
