import { observer } from 'mobx-react-lite';
import { Button, LoadView, Money, StatusBadge, useLoad } from '@swx/shared';
import { Page, pageStyles, Section } from '../../components/page';
import { RequireRole } from '../../components/require-role';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

function LedgerCheckPanel() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const check = useLoad(() => session.api.call('admin.ledgerCheck'), [session]);
  return (
    <LoadView state={check} t={t}>
      {(answer) => (
        <>
          <p>
            <StatusBadge tone={answer.ok ? 'good' : 'bad'}>
              {answer.ok ? t('ledger.balanced') : t('ledger.problems')}
            </StatusBadge>
          </p>
          {answer.problems.length > 0 ? (
            <ul>
              {answer.problems.map((problem) => (
                <li key={problem} className={pageStyles.mono}>
                  {problem}
                </li>
              ))}
            </ul>
          ) : null}
          <div>
            <Button size="small" variant="secondary" onClick={check.reload}>
              {t('ledger.runAgain')}
            </Button>
          </div>
        </>
      )}
    </LoadView>
  );
}

function PlatformBalances() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const balances = useLoad(() => session.api.call('admin.platformBalances'), [session]);
  return (
    <LoadView state={balances} t={t}>
      {(rows) => (
        <div className={pageStyles.tableWrap}>
          <table className={pageStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('ledger.account')}</th>
                <th scope="col">{t('ledger.mode')}</th>
                <th scope="col">{t('fields.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.kind}-${row.mode}-${row.currency}`}>
                  <td>{t(`ledger.accounts.${row.kind}`, { defaultValue: row.kind })}</td>
                  <td>{t(`ledger.modes.${row.mode}`)}</td>
                  <td>
                    <Money value={row.balance} currency={row.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </LoadView>
  );
}

/** The ledger check (every journal sums to zero per currency) and the platform accounts' balances. */
export const Ledger = observer(function Ledger() {
  const { t } = useStaffStrings();
  return (
    <Page title={t('ledger.title')} lead={t('ledger.lead')}>
      <Section title={t('ledger.check')} id="ledger-check">
        <LedgerCheckPanel />
      </Section>
      <Section title={t('ledger.platform')} id="ledger-platform">
        <RequireRole needs="admin.platformBalances">
          <PlatformBalances />
        </RequireRole>
      </Section>
    </Page>
  );
});
