import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, StatusBadge, formatDateTime, toaster } from '@swx/shared';
import type { ReviewItemCommon } from '@swx/shared/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReasonDialog } from '../../components/reason-dialog';
import { pageStyles } from '../../components/page';
import type { ReviewKindName } from '../../components/staff-layout';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { approvalConfirmation } from './approval-confirmation';
import { FieldRejectDialog } from './field-reject-dialog';
import { isApprovalPending } from './review-types';
import styles from './reviews.module.css';

/** "1 of 2 approvals" and who gave them. */
export function ApprovalProgress({ item }: { item: ReviewItemCommon }) {
  const { t } = useStaffStrings();
  if (item.approvalsRequired < 2) return null;
  return (
    <p className={styles.approvals} data-testid="approval-progress">
      <StatusBadge tone={item.approvals.length > 0 ? 'warning' : 'pending'}>
        {t('decision.approvalsOf', { count: item.approvals.length, required: item.approvalsRequired })}
      </StatusBadge>{' '}
      {item.approvals.map((approval) => approval.username).join(', ')}
    </p>
  );
}

/**
 * Claim, release, approve and reject one record. A claim keeps a colleague from working the same case; four
 * eyes need approvals from different members, so the one who approved already waits for a colleague.
 * Approving money (a deposit, a withdrawal, a loan) asks first, naming the amount and the customer.
 */
export const DecisionBar = observer(function DecisionBar({
  kind,
  item,
  rejectableFields,
  onChanged,
  onDecided,
}: {
  kind: ReviewKindName;
  item: ReviewItemCommon;
  /** Identity checks: the fields a rejection names, each with its own reason. */
  rejectableFields?: readonly string[];
  onChanged: () => void;
  onDecided: () => void;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [rejecting, setRejecting] = useState(false);
  const { running, failure, run } = useAction();
  const myId = session.me?.staffId;
  const claimedByOther = item.claim !== null && item.claim.staffId !== myId;
  const claimedByMe = item.claim !== null && item.claim.staffId === myId;
  const approvedByMe = item.approvals.some((approval) => approval.staffId === myId);
  const params = { kind, id: item.id };

  const [confirming, setConfirming] = useState(false);
  const confirmation = approvalConfirmation(kind, item, t);

  const approve = async () => {
    const answer = await session.api.call('admin.approveReview', { params, body: {} });
    if (isApprovalPending(answer)) {
      toaster.show(t('decision.firstApproval'), { tone: 'success' });
      onChanged();
      return;
    }
    toaster.show(t('decision.approved'), { tone: 'success' });
    onDecided();
  };

  const act = (action: 'claim' | 'release') =>
    run(async () => {
      if (action === 'claim') await session.api.call('admin.claimReview', { params });
      else await session.api.call('admin.releaseReview', { params });
      onChanged();
    }, action);

  const reject = async (reason: string, fields?: Record<string, string>) => {
    await session.api.call('admin.rejectReview', { params, body: fields ? { reason, fields } : { reason } });
    toaster.show(t('decision.rejected'), { tone: 'success' });
    onDecided();
  };

  return (
    <div className={styles.decision} aria-label={t('decision.label')} role="group">
      <ApprovalProgress item={item} />
      {item.claim ? (
        <p className={pageStyles.muted} data-testid="claim">
          {claimedByMe
            ? t('decision.claimedByYou', { until: formatDateTime(item.claim.expiresAt) })
            : t('decision.claimedBy', {
                username: item.claim.username,
                until: formatDateTime(item.claim.expiresAt),
              })}
        </p>
      ) : null}
      {approvedByMe ? <p className={pageStyles.muted}>{t('decision.waitingForColleague')}</p> : null}
      <div className={pageStyles.row}>
        {claimedByMe ? (
          <Button variant="secondary" loading={running === 'release'} onClick={() => void act('release')}>
            {t('decision.release')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={running === 'claim'}
            disabled={claimedByOther}
            onClick={() => void act('claim')}
          >
            {t('decision.claim')}
          </Button>
        )}
        <Button
          loading={running === 'approve'}
          disabled={claimedByOther || approvedByMe}
          onClick={() => (confirmation ? setConfirming(true) : void run(approve, 'approve'))}
        >
          {t('decision.approve')}
        </Button>
        <Button variant="danger" disabled={claimedByOther} onClick={() => setRejecting(true)}>
          {t('decision.reject')}
        </Button>
      </div>
      <FormAlert message={failure} />
      {confirmation ? (
        <ConfirmDialog
          open={confirming}
          {...confirmation}
          onConfirm={approve}
          onClose={() => setConfirming(false)}
        />
      ) : null}
      {rejectableFields ? (
        <FieldRejectDialog
          open={rejecting}
          fields={rejectableFields}
          onClose={() => setRejecting(false)}
          onConfirm={(reason, fields) => reject(reason, fields)}
        />
      ) : (
        <ReasonDialog
          open={rejecting}
          title={t('decision.rejectTitle')}
          confirmLabel={t('decision.reject')}
          onClose={() => setRejecting(false)}
          onConfirm={(reason) => reject(reason)}
        />
      )}
    </div>
  );
});
