import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, EmptyState, LoadView, TextField, saveFile, useLoad } from '@swx/shared';
import type { AuditExportQuery, AuditVerification } from '@swx/shared/contract';
import { FormAlert, useAction } from '../../components/action';
import { pageStyles } from '../../components/page';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** The chain's verifier: every row's hash recomputed; names the first row that no longer fits. */
export const AuditVerify = observer(function AuditVerify() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [result, setResult] = useState<AuditVerification | null>(null);
  const { busy, failure, run } = useAction();
  return (
    <div className={pageStyles.page}>
      <div>
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void run(async () => setResult(await session.api.call('admin.auditVerify')))}
        >
          {t('audit.verify')}
        </Button>
      </div>
      <FormAlert message={failure} />
      {result ? (
        result.ok ? (
          <p role="status" data-testid="audit-verified">
            {t('audit.chainOk', { rows: result.rowsChecked, anchors: result.anchorsChecked })}{' '}
            <span className={pageStyles.mono}>{result.lastHash ?? ''}</span>
          </p>
        ) : (
          <p role="alert" className={pageStyles.alert} data-testid="audit-broken">
            {t('audit.chainBroken', {
              id: result.firstBroken?.id || '—',
              seq: result.firstBroken?.seq ?? '',
              problem: t(`audit.problems.${result.firstBroken?.problem ?? 'content'}`),
            })}
          </p>
        )
      ) : null}
    </div>
  );
});

/** The daily anchors, newest first: the chain's last hash at the end of each day, to keep elsewhere. */
export const AuditAnchors = observer(function AuditAnchors() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const anchors = useLoad(() => session.api.call('admin.auditAnchors'), [session]);
  return (
    <LoadView state={anchors} t={t} keepDataOnError>
      {(list) =>
        list.length === 0 ? (
          <EmptyState title={t('audit.noAnchors')} />
        ) : (
          <div className={pageStyles.tableWrap}>
            <table className={pageStyles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('audit.day')}</th>
                  <th scope="col">{t('audit.seq')}</th>
                  <th scope="col">{t('audit.rows')}</th>
                  <th scope="col">{t('audit.lastHash')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((anchor) => (
                  <tr key={anchor.day}>
                    <td>{anchor.day}</td>
                    <td className={pageStyles.mono}>{anchor.lastSeq}</td>
                    <td>{anchor.rows}</td>
                    <td className={pageStyles.mono}>{anchor.lastHash}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </LoadView>
  );
});

interface ExportForm {
  format: 'csv' | 'json';
  from: string;
  to: string;
  staffId: string;
  action: string;
}

/** The form as the export's query (local date-times as instants), or a key saying what is missing. */
export function exportQuery(form: ExportForm): AuditExportQuery | string {
  if (!form.from || !form.to) return 'audit.periodNeeded';
  const query: AuditExportQuery = {
    format: form.format,
    from: new Date(form.from).toISOString(),
    to: new Date(form.to).toISOString(),
  };
  if (/^[1-9][0-9]*$/.test(form.staffId.trim())) query.staffId = form.staffId.trim();
  if (form.action.trim()) query.action = form.action.trim();
  return query;
}

/** Export of a period (optionally one actor and one kind of action) as CSV or JSON, chain fields included. */
export const AuditExport = observer(function AuditExport() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [form, setForm] = useState<ExportForm>({ format: 'csv', from: '', to: '', staffId: '', action: '' });
  const { busy, failure, setFailure, run } = useAction();
  const set = (name: keyof ExportForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = exportQuery(form);
    if (typeof query === 'string') {
      setFailure(t(query));
      return;
    }
    await run(async () => {
      const blob = await session.api.download('admin.auditExport', { query });
      saveFile(blob, `swx-audit-${query.from.slice(0, 10)}.${query.format}`);
    });
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className={pageStyles.page}
      aria-label={t('audit.export')}
      noValidate
    >
      <div className={pageStyles.row}>
        <TextField
          label={t('audit.from')}
          type="datetime-local"
          value={form.from}
          onChange={set('from')}
          required
        />
        <TextField
          label={t('audit.to')}
          type="datetime-local"
          value={form.to}
          onChange={set('to')}
          required
        />
        <TextField
          label={t('audit.staffId')}
          inputMode="numeric"
          value={form.staffId}
          onChange={set('staffId')}
        />
        <TextField
          label={t('audit.kind')}
          placeholder="param.*"
          value={form.action}
          onChange={set('action')}
        />
      </div>
      <fieldset className={pageStyles.row}>
        <legend>{t('audit.format')}</legend>
        {(['csv', 'json'] as const).map((format) => (
          <label key={format}>
            <input
              type="radio"
              name="audit-format"
              value={format}
              checked={form.format === format}
              onChange={() => setForm((current) => ({ ...current, format }))}
            />{' '}
            {format.toUpperCase()}
          </label>
        ))}
      </fieldset>
      <FormAlert message={failure} />
      <div>
        <Button type="submit" loading={busy}>
          {t('audit.download')}
        </Button>
      </div>
    </form>
  );
});
