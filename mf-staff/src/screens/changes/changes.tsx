import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, EmptyState, LoadView, formatDateTime, formatMoney, toaster, useLoad } from '@swx/shared';
import type { PendingChange, PendingChangeStatus } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { Status } from '../../components/history';
import { Page, pageStyles, Section } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { ChangeValue, changeCurrency, changeTitle, shownValue } from './change-value';

export { shownValue } from './change-value';

/** What approving does, said first where it moves money: a reserve's funding names the amount. */
function approvalSentence(change: PendingChange, t: ReturnType<typeof useStaffStrings>['t']): string | null {
  const currency = changeCurrency(change);
  const after = change.summary.after as { add?: unknown } | null;
  if (!currency || typeof after?.add !== 'string') return null;
  return t('confirm.reserveApprove', { amount: formatMoney(after.add, currency), currency });
}

function ChangeRow({ change, onDecided }: { change: PendingChange; onDecided: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const mine = change.requestedBy === session.me?.staffId;
  const sentence = approvalSentence(change, t);
  const decide = async (outcome: 'approve' | 'reject', reason: string) => {
    const key = outcome === 'approve' ? 'admin.approveChange' : 'admin.rejectChange';
    await session.api.call(key, { params: { id: change.id }, body: { reason } });
    toaster.show(t(`changes.${outcome === 'approve' ? 'approved' : mine ? 'withdrawn' : 'rejected'}`), {
      tone: 'success',
    });
    onDecided();
  };
  return (
    <tr>
      <td>
        <strong>{changeTitle(change, t)}</strong>
        <div className={pageStyles.muted}>
          {t(`changes.kinds.${change.kind}`, { defaultValue: change.kind })}
        </div>
      </td>
      <td>
        <ChangeValue change={change} value={change.summary.before} />
      </td>
      <td>
        <ChangeValue change={change} value={change.summary.after} />
      </td>
      <td>
        {change.requestedByUsername ?? change.requestedBy}
        <div className={pageStyles.muted}>{formatDateTime(change.requestedAt)}</div>
        <div>{change.reason}</div>
      </td>
      <td>
        {change.status === 'pending' ? (
          mine ? (
            <div className={pageStyles.page}>
              <span className={pageStyles.muted}>{t('changes.yours')}</span>
              <Button size="small" variant="secondary" onClick={() => setDeciding('reject')}>
                {t('changes.withdraw')}
              </Button>
            </div>
          ) : (
            <div className={pageStyles.row}>
              <Button size="small" onClick={() => setDeciding('approve')}>
                {t('changes.approve')}
              </Button>
              <Button size="small" variant="danger" onClick={() => setDeciding('reject')}>
                {t('changes.reject')}
              </Button>
            </div>
          )
        ) : (
          <>
            <Status status={change.status} />
            <div className={pageStyles.muted}>
              {change.decidedByUsername ?? '—'} · {change.decidedAt ? formatDateTime(change.decidedAt) : ''}
            </div>
            <div>{change.decisionReason}</div>
          </>
        )}
        <ReasonDialog
          open={deciding !== null}
          danger={deciding === 'reject'}
          title={t(deciding === 'approve' ? 'changes.approveTitle' : 'changes.rejectTitle', {
            title: changeTitle(change, t),
          })}
          confirmLabel={t(
            deciding === 'approve' ? 'changes.approve' : mine ? 'changes.withdraw' : 'changes.reject',
          )}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) => decide(deciding ?? 'reject', reason)}
        >
          {deciding === 'approve' && sentence ? <p>{sentence}</p> : null}
          {typeof change.summary.before === 'object' || typeof change.summary.after === 'object' ? (
            <Facts
              items={[
                [t('changes.before'), <ChangeValue key="b" change={change} value={change.summary.before} />],
                [t('changes.after'), <ChangeValue key="a" change={change} value={change.summary.after} />],
              ]}
            />
          ) : (
            <p>
              {t('changes.fromTo', {
                from: shownValue(change.summary.before),
                to: shownValue(change.summary.after),
              })}
            </p>
          )}
          <p className={pageStyles.muted}>{t('changes.askedBecause', { reason: change.reason })}</p>
        </ReasonDialog>
      </td>
    </tr>
  );
}

/**
 * Maker-checker: changes to settings that move money or risk wait here for a second member with their role
 * (never the one who asked), who approves or rejects them with a reason. Both reasons go to the audit log.
 */
export const Changes = observer(function Changes() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [status, setStatus] = useState<PendingChangeStatus>('pending');
  const list = useLoad(() => session.api.call('admin.changes', { query: { status } }), [status]);
  return (
    <Page title={t('changes.title')} lead={t('changes.lead')}>
      <div className={pageStyles.row} role="group" aria-label={t('changes.show')}>
        {(['pending', 'approved', 'rejected'] as const).map((value) => (
          <Button
            key={value}
            size="small"
            variant={status === value ? 'primary' : 'ghost'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`changes.status.${value}`)}
          </Button>
        ))}
      </div>
      <Section title={t(`changes.status.${status}`)} id="changes-list">
        <LoadView state={list} t={t} keepDataOnError>
          {(changes) =>
            changes.length === 0 ? (
              <EmptyState title={t('changes.none')} />
            ) : (
              <div className={pageStyles.tableWrap}>
                <table className={pageStyles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('changes.change')}</th>
                      <th scope="col">{t('changes.before')}</th>
                      <th scope="col">{t('changes.after')}</th>
                      <th scope="col">{t('changes.askedBy')}</th>
                      <th scope="col">{t('fields.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((change) => (
                      <ChangeRow
                        key={`${change.id}:${change.status}`}
                        change={change}
                        onDecided={list.reload}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </LoadView>
      </Section>
    </Page>
  );
});
