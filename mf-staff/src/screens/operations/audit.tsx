import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, LoadView, TextField, formatDateTime, useLoad } from '@swx/shared';
import type { AuditQuery } from '@swx/shared/contract';
import { Page, pageStyles, Section } from '../../components/page';
import { Pager } from '../../components/pager';
import { AuditAnchors, AuditExport, AuditVerify } from './audit-integrity';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

interface AuditFilters {
  action: string;
  staffId: string;
  target: string;
  from: string;
  to: string;
}

const empty: AuditFilters = { action: '', staffId: '', target: '', from: '', to: '' };
const pageSize = 50;

/** The form's filters as the query: empty fields left out, local date-times as instants. */
export function auditQuery(filters: AuditFilters, page: number): AuditQuery {
  const query: AuditQuery = { page, pageSize };
  if (filters.action.trim()) query.action = filters.action.trim();
  if (/^[1-9][0-9]*$/.test(filters.staffId.trim())) query.staffId = filters.staffId.trim();
  if (filters.target.trim()) query.target = filters.target.trim();
  if (filters.from) query.from = new Date(filters.from).toISOString();
  if (filters.to) query.to = new Date(filters.to).toISOString();
  return query;
}

/**
 * The audit log: every staff action, filtered by action (exact, or a prefix ending in `*`), member, target
 * and time; the chain's verifier and daily anchors; exports of a period as CSV or JSON.
 */
export const Audit = observer(function Audit() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [draft, setDraft] = useState<AuditFilters>(empty);
  const [applied, setApplied] = useState<AuditFilters>(empty);
  const [page, setPage] = useState(1);
  const log = useLoad(
    () => session.api.call('admin.audit', { query: auditQuery(applied, page) }),
    [applied, page],
  );
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  return (
    <Page title={t('audit.title')} lead={t('audit.lead')}>
      <Section title={t('audit.integrity')} id="audit-integrity">
        <AuditVerify />
        <h3>{t('audit.anchors')}</h3>
        <AuditAnchors />
      </Section>
      <Section title={t('audit.export')} id="audit-export">
        <AuditExport />
      </Section>
      <form onSubmit={submit} role="search" aria-label={t('audit.filters')} className={pageStyles.row}>
        <TextField
          label={t('audit.action')}
          placeholder="review.deposit.approve"
          value={draft.action}
          onChange={set('action')}
        />
        <TextField
          label={t('audit.staffId')}
          inputMode="numeric"
          value={draft.staffId}
          onChange={set('staffId')}
        />
        <TextField
          label={t('audit.target')}
          placeholder="customer:42"
          value={draft.target}
          onChange={set('target')}
        />
        <TextField label={t('audit.from')} type="datetime-local" value={draft.from} onChange={set('from')} />
        <TextField label={t('audit.to')} type="datetime-local" value={draft.to} onChange={set('to')} />
        <Button type="submit">{t('audit.apply')}</Button>
      </form>
      <Section title={t('audit.entries')} id="audit-entries">
        <LoadView state={log} t={t} keepDataOnError>
          {(answer) => (
            <>
              <div className={pageStyles.tableWrap}>
                <table className={pageStyles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('audit.seq')}</th>
                      <th scope="col">{t('fields.time')}</th>
                      <th scope="col">{t('fields.staff')}</th>
                      <th scope="col">{t('audit.action')}</th>
                      <th scope="col">{t('audit.target')}</th>
                      <th scope="col">{t('audit.details')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.items.map((entry) => (
                      <tr key={entry.id}>
                        <td className={pageStyles.mono} title={entry.hash}>
                          {entry.seq}
                        </td>
                        <td>{formatDateTime(entry.createdAt)}</td>
                        <td>{entry.staffUsername ?? t('audit.system')}</td>
                        <td className={pageStyles.mono}>{entry.action}</td>
                        <td className={pageStyles.mono}>{entry.target}</td>
                        <td className={pageStyles.mono}>
                          {entry.details === null ? '' : JSON.stringify(entry.details)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} hasNext={page * pageSize < answer.total} onPage={setPage}>
                <span>{t('audit.pageOf', { page, total: answer.total })}</span>
              </Pager>
            </>
          )}
        </LoadView>
      </Section>
    </Page>
  );
});
