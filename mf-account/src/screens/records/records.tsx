import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  EmptyState,
  Skeleton,
  formatDateTime,
  formatNumber,
  messageForError,
  toaster,
  useRootStore,
  visuallyHiddenClass,
} from '@swx/shared';
import type { TransactionRecord } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { SelectField, formStyles } from '../../components/form';
import { AccountPage, Section } from '../../components/page';
import table from '../../components/table/table.module.css';
import { useAccountStrings } from '../../i18n';
import { recordCurrencies, recordTypes, toRecordFilters, type FilterForm } from './record-filters';

const pageSize = 20;

/** `/profile/records`: the customer's ledger entries in the active mode, filtered, with a CSV export. */
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
      const blob = await accountApi.recordsCsv(toRecordFilters(form));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `swx-records-${mode}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
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
        <div className={formStyles.filters} role="search" aria-label={t('records.filters')}>
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
        <div className={table.wrap}>
          <table className={table.table}>
            <caption className={visuallyHiddenClass}>{t('nav.records')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.time')}</th>
                <th scope="col">{t('records.type')}</th>
                <th scope="col" className={table.number}>
                  {t('records.amount')}
                </th>
                <th scope="col" className={table.number}>
                  {t('records.balanceAfter')}
                </th>
                <th scope="col">{t('records.account')}</th>
                <th scope="col">{t('records.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((record) => (
                <tr key={record.id}>
                  <td>
                    <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
                  </td>
                  <td>{typeLabel(record.type)}</td>
                  <td className={table.number} dir="ltr">
                    {record.amount.startsWith('-') ? '' : '+'}
                    {formatNumber(record.amount, { minimumFractionDigits: 2 })} {record.currency}
                  </td>
                  <td className={table.number}>
                    {formatNumber(record.balanceAfter, { minimumFractionDigits: 2 })} {record.currency}
                  </td>
                  <td>{t(`records.accounts.${record.account}`)}</td>
                  <td>{[record.referenceType, record.referenceId].filter(Boolean).join(' #') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore ? (
        <Button variant="secondary" onClick={() => void load(page + 1)} loading={busy}>
          {t('actions.loadMore')}
        </Button>
      ) : null}
    </AccountPage>
  );
});
