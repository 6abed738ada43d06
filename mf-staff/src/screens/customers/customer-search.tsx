import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, LoadView, TextField, formatDateTime, useLoad } from '@swx/shared';
import { Status } from '../../components/history';
import { Page, pageStyles, Section } from '../../components/page';
import { Pager } from '../../components/pager';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

const pageSize = 20;

/** Customers by username, e-mail, id or wallet address; without a query, the newest. */
export const CustomerSearch = observer(function CustomerSearch() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const results = useLoad(
    () => session.api.call('admin.customers', { query: { ...(q ? { q } : {}), page, pageSize } }),
    [q, page],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setParams(text ? { q: text } : {});
  };
  return (
    <Page title={t('customers.title')} lead={t('customers.lead')}>
      <form onSubmit={submit} role="search" aria-label={t('customers.search')} className={pageStyles.row}>
        <TextField
          label={t('customers.query')}
          hint={t('customers.queryHint')}
          type="search"
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('customers.search')}</Button>
      </form>
      <Section title={q ? t('customers.resultsFor', { q }) : t('customers.newest')} id="customer-results">
        <LoadView state={results} t={t} keepDataOnError>
          {(answer) =>
            answer.items.length === 0 ? (
              <EmptyState title={t('customers.none')} />
            ) : (
              <>
                <div className={pageStyles.tableWrap}>
                  <table className={pageStyles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('customers.id')}</th>
                        <th scope="col">{t('customers.username')}</th>
                        <th scope="col">{t('customers.email')}</th>
                        <th scope="col">{t('customers.kyc')}</th>
                        <th scope="col">{t('fields.status')}</th>
                        <th scope="col">{t('customers.since')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {answer.items.map((customer) => (
                        <tr key={customer.id}>
                          <td>{customer.id}</td>
                          <th scope="row">
                            <Link to={`/staff/customers/${customer.id}`}>{customer.username}</Link>
                            {customer.wallets.map((wallet) => (
                              <div key={wallet} className={`${pageStyles.mono} ${pageStyles.muted}`}>
                                {wallet}
                              </div>
                            ))}
                          </th>
                          <td>{customer.email ?? '—'}</td>
                          <td>
                            <Status status={customer.kycStatus} />
                          </td>
                          <td>
                            <Status status={customer.status} />
                          </td>
                          <td>{formatDateTime(customer.createdAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <Pager
                  page={page}
                  hasNext={page * pageSize < answer.total}
                  onPage={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
                >
                  <span>{t('audit.pageOf', { page, total: answer.total })}</span>
                </Pager>
              </>
            )
          }
        </LoadView>
      </Section>
    </Page>
  );
});
