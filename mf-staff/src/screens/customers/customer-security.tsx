import { useState } from 'react';
import { Button, EmptyState, LoadView, formatDateTime, toaster, useLoad } from '@swx/shared';
import type { CustomerSecurity, SecurityRequest, SecurityRequestAction } from '@swx/shared/contract';
import { FormAlert, useAction } from '../../components/action';
import { Facts } from '../../components/facts';
import { Status } from '../../components/history';
import { pageStyles } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** The requests on one customer's security, newest first; a pending one is decided by another member. */
function RequestsTable({ requests, onChanged }: { requests: SecurityRequest[]; onChanged: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const { running, failure, run } = useAction();
  const [rejecting, setRejecting] = useState<SecurityRequest | null>(null);
  const me = session.me?.username;
  const canDecide = session.canCall('admin.approveSecurityRequest');
  if (requests.length === 0) return <EmptyState title={t('security.noRequests')} />;
  return (
    <>
      <div className={pageStyles.tableWrap}>
        <table className={pageStyles.table}>
          <caption>{t('security.requests')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('security.action')}</th>
              <th scope="col">{t('fields.reason')}</th>
              <th scope="col">{t('security.requestedBy')}</th>
              <th scope="col">{t('fields.status')}</th>
              <th scope="col">{t('fields.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id} data-testid={`security-request-${request.id}`}>
                <td>{t(`security.actions.${request.action}`)}</td>
                <td>
                  {request.rejectReason ? `${request.reason} — ${request.rejectReason}` : request.reason}
                </td>
                <td>
                  {request.requestedBy}
                  <br />
                  {formatDateTime(request.requestedAt)}
                </td>
                <td>
                  <Status status={request.status} />
                  {request.decidedBy ? ` · ${request.decidedBy}` : ''}
                </td>
                <td>
                  {request.status === 'pending' && canDecide ? (
                    <span className={pageStyles.buttons}>
                      <Button
                        size="small"
                        disabled={request.requestedBy === me}
                        title={request.requestedBy === me ? t('security.ownRequest') : undefined}
                        loading={running === request.id}
                        onClick={() =>
                          void run(async () => {
                            await session.api.call('admin.approveSecurityRequest', {
                              params: { id: request.id },
                            });
                            toaster.show(t('security.approved'), { tone: 'success' });
                            onChanged();
                          }, request.id)
                        }
                      >
                        {t('decision.approve')}
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => setRejecting(request)}>
                        {t('decision.reject')}
                      </Button>
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormAlert message={failure} />
      <ReasonDialog
        open={rejecting !== null}
        title={t('security.rejectTitle')}
        confirmLabel={t('decision.reject')}
        onClose={() => setRejecting(null)}
        onConfirm={async (reason) => {
          await session.api.call('admin.rejectSecurityRequest', {
            params: { id: rejecting!.id },
            body: { reason },
          });
          setRejecting(null);
          onChanged();
        }}
      />
    </>
  );
}

function SecurityFacts({ security }: { security: CustomerSecurity }) {
  const { t } = useStaffStrings();
  return (
    <Facts
      items={[
        [t('security.twoFactor'), security.twoFactor ? t('params.yes') : t('params.no')],
        [t('security.recoveryCodes'), String(security.recoveryCodesLeft)],
        [t('security.passkeys'), String(security.passkeys)],
        [t('security.whitelist'), security.whitelistMode ? t('params.yes') : t('params.no')],
        [
          t('security.lock'),
          security.lock
            ? t('security.lockedUntil', {
                until: formatDateTime(security.lock.until),
                reason: t(`security.reasons.${security.lock.reason}`),
              })
            : t('security.notLocked'),
        ],
      ]}
    />
  );
}

/**
 * A customer's security as support needs it: second factors, whitelist mode, the withdrawal lock, and the
 * requests to lift a lock or reset lost factors — each asked with a reason and carried out only when a
 * second member approves (four eyes).
 */
export function CustomerSecurityPanel({ customerId }: { customerId: string }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [asking, setAsking] = useState<SecurityRequestAction | null>(null);
  const state = useLoad(
    () => session.api.call('admin.customerSecurity', { params: { id: customerId } }),
    [customerId],
  );
  const canAsk = session.canCall('admin.requestSecurityAction');
  return (
    <LoadView state={state} t={t} keepDataOnError>
      {(security) => (
        <>
          <SecurityFacts security={security} />
          {canAsk ? (
            <span className={pageStyles.buttons}>
              {security.lock ? (
                <Button variant="secondary" onClick={() => setAsking('liftLock')}>
                  {t('security.askLift')}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => setAsking('resetFactors')}>
                {t('security.askReset')}
              </Button>
            </span>
          ) : null}
          <RequestsTable requests={security.requests} onChanged={state.reload} />
          <ReasonDialog
            open={asking !== null}
            title={asking ? t(`security.askTitle.${asking}`) : ''}
            confirmLabel={t('security.ask')}
            onClose={() => setAsking(null)}
            onConfirm={async (reason) => {
              await session.api.call('admin.requestSecurityAction', {
                params: { id: customerId },
                body: { action: asking!, reason },
              });
              toaster.show(t('security.asked'), { tone: 'success' });
              setAsking(null);
              state.reload();
            }}
          >
            <p>{asking ? t(`security.askText.${asking}`) : null}</p>
          </ReasonDialog>
        </>
      )}
    </LoadView>
  );
}
