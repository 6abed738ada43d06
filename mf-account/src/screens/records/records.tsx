import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  EmptyState,
  getFormatLanguage,
  Skeleton,
  messageForError,
  saveFile,
  toaster,
  useRootStore,
  visuallyHiddenClass,
} from '@swx/shared';
import type { TransactionRecord } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { SelectField, formStyles } from '../../components/form';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import { recordCurrencies, recordTypes, toRecordFilters, type FilterForm } from './record-filters';
import { RecordRow } from './record-row';
import styles from './records.module.css';

const pageSize = 20;

/**
 * `/profile/records`: the customer's money events in the active mode, one row each (type in their language,
 * net effect, available and held side by side, a link to the record behind it), filtered, with a CSV export
 * in their language.
 */
export const RecordsScreen = observer(function RecordsScreen() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  const mode = settings.accountMode;
  const [form, setForm] = useState<FilterForm>({ type: '', currency: '', from: '', to: '' });
  const [items, setItems] = useState<TransactionRecord[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const typeLabel = (type: string) => t(`records.types.${type}`, { defaultValue: type.replace(/_/g, ' ') });

  const load = useCallback(
    async (nextPage: number) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await accountApi.records(toRecordFilters(form), nextPage, pageSize);
        setItems((previous) => (nextPage === 1 ? answer.items : [...(previous ?? []), ...answer.items]));
        setPage(nextPage);
        setHasMore(answer.hasMore);
      } catch (cause) {
        setError(cause);
      } finally {
        setBusy(false);
      }
    },
    [form],
  );

  useEffect(() => {
    setItems(null);
    void load(1);
  }, [load, mode]);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await accountApi.recordsCsv(toRecordFilters(form), getFormatLanguage());
      saveFile(blob, `swx-records-${mode}.csv`);
    } catch (cause) {
      toaster.show(messageForError(cause, t), { tone: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const set = (field: keyof FilterForm) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));

  return (
    <AccountPage
      title={t('nav.records')}
      back="/profile"
      actions={
        <Button size="small" variant="secondary" onClick={download} loading={downloading}>
          {t('records.csv')}
        </Button>
      }
    >
      <Section>
        <div className={styles.filters} role="search" aria-label={t('records.filters')}>
          <SelectField
            label={t('records.type')}
            value={form.type}
            onChange={set('type')}
            options={[
              { value: '', label: t('records.all') },
              ...recordTypes.map((type) => ({ value: type, label: typeLabel(type) })),
            ]}
          />
          <SelectField
            label={t('records.currency')}
            value={form.currency}
            onChange={set('currency')}
            options={[
              { value: '', label: t('records.all') },
              ...recordCurrencies.map((c) => ({ value: c, label: c })),
            ]}
          />
          <div className={formStyles.select}>
            <label htmlFor="records-from">{t('records.from')}</label>
            <input
              id="records-from"
              type="date"
              value={form.from}
              onChange={(event) => set('from')(event.target.value)}
            />
          </div>
          <div className={formStyles.select}>
            <label htmlFor="records-to">{t('records.to')}</label>
            <input
              id="records-to"
              type="date"
              value={form.to}
              onChange={(event) => set('to')(event.target.value)}
            />
          </div>
        </div>
      </Section>
      {error && !items ? (
        <div role="alert">
          <EmptyState
            title={t('load.failed')}
            description={messageForError(error, t)}
            action={
              <Button variant="secondary" onClick={() => void load(1)}>
                {t('load.retry')}
              </Button>
            }
          />
        </div>
      ) : items === null ? (
        <Skeleton lines={5} />
      ) : items.length === 0 ? (
        <EmptyState title={t('records.empty')} />
      ) : (
        <>
          <div className={styles.wrap}>
            <table className={styles.table}>
              <caption className={visuallyHiddenClass}>{t('nav.records')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('records.event')}</th>
                  <th scope="col" className={styles.amount}>
                    {t('records.net')}
                  </th>
                  <th scope="col" className={styles.amount}>
                    {t('records.accounts.available')}
                  </th>
                  <th scope="col" className={styles.amount}>
                    {t('records.accounts.held')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((record) => (
                  <RecordRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.note}>{t('records.roundingNote')}</p>
        </>
      )}
      {hasMore ? (
        <Button variant="secondary" onClick={() => void load(page + 1)} loading={busy}>
          {t('actions.loadMore')}
        </Button>
      ) : null}
    </AccountPage>
  );
});
