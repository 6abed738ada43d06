import { observer } from 'mobx-react-lite';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, LoadView, Money, Tabs, useLoad } from '@swx/shared';
import type { DepositReview, KycReview, LoanReview, WithdrawalReview } from '@swx/shared/contract';
import { Page, Section } from '../../components/page';
import { isReviewKind, mayOpen, navGroups, type ReviewKindName } from '../../components/staff-layout';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { CompletePayout } from './complete-payout';
import { DecisionBar } from './decision-bar';
import { DepositDetail, KycDetailView, LoanDetail, WithdrawalDetail } from './kind-details';
import { QueueAge } from './queue-age';
import { headline, type ReviewItem } from './review-types';
import styles from './reviews.module.css';

function ItemDetail({ kind, item }: { kind: ReviewKindName; item: ReviewItem }) {
  switch (kind) {
    case 'deposit':
      return <DepositDetail item={item as DepositReview} />;
    case 'withdrawal':
      return <WithdrawalDetail item={item as WithdrawalReview} />;
    case 'kyc':
      return <KycDetailView item={item as KycReview} />;
    case 'loan':
      return <LoanDetail item={item as LoanReview} />;
  }
}

function QueueList({
  kind,
  items,
  selected,
  suffix,
}: {
  kind: ReviewKindName;
  items: ReviewItem[];
  selected?: string;
  /** Keeps the list's status in the record's link (`?status=approved`). */
  suffix: string;
}) {
  const { t } = useStaffStrings();
  return (
    <ul className={styles.queue} aria-label={t(`kinds.${kind}.queue`)}>
      {items.map((item) => {
        const money = headline(kind, item);
        return (
          <li key={item.id}>
            <Link
              to={`/staff/reviews/${kind}/${item.id}${suffix}`}
              className={[styles.queueItem, item.id === selected ? styles.selected : '']
                .filter(Boolean)
                .join(' ')}
              aria-current={item.id === selected ? 'true' : undefined}
            >
              <span className={styles.itemHead}>
                <span>{item.customer.username}</span>
                {money ? <Money value={money.amount} currency={money.currency} /> : null}
              </span>
              <span className={styles.itemMeta}>
                <QueueAge
                  ageSeconds={item.ageSeconds}
                  targetHours={kind === 'withdrawal' ? (item as WithdrawalReview).targetHours : undefined}
                />
                {item.approvalsRequired > 1 ? (
                  <span>
                    {t('decision.approvalsOf', {
                      count: item.approvals.length,
                      required: item.approvalsRequired,
                    })}
                  </span>
                ) : null}
                {item.claim ? <span>{t('queue.claimedBy', { username: item.claim.username })}</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One review queue (`/staff/reviews/:kind`) and the record being worked (`/:id`): the pending records
 * oldest first with their age and claim, and beside them everything needed to decide.
 */
export const ReviewQueue = observer(function ReviewQueue() {
  const { kind, id } = useParams();
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const known = isReviewKind(kind) ? kind : null;
  // Withdrawals have a second list: approved ones finance still has to pay out.
  const status = known === 'withdrawal' && search.get('status') === 'approved' ? 'approved' : 'pending';
  const queue = useLoad(
    () =>
      known
        ? (session.api.call('admin.reviews', { query: { kind: known, status } }) as Promise<ReviewItem[]>)
        : Promise.resolve([]),
    [known, status],
  );
  if (!known) return <Navigate to="/staff" replace />;
  const navItem = navGroups
    .flatMap((group) => group.items)
    .find((item) => item.path === `/staff/reviews/${known}`);
  if (navItem && !mayOpen(session, navItem))
    return <EmptyState title={t('roles.notAllowed')} description={t('roles.askAdmin')} />;

  return (
    <Page title={t(`kinds.${known}.queue`)} lead={t(`kinds.${known}.lead`)}>
      {known === 'withdrawal' ? (
        <Tabs
          label={t('kinds.withdrawal.queue')}
          value={status}
          onChange={(next) =>
            navigate(`/staff/reviews/withdrawal${next === 'approved' ? '?status=approved' : ''}`)
          }
          tabs={[
            { value: 'pending', label: t('queue.toApprove') },
            { value: 'approved', label: t('queue.toPay') },
          ]}
        />
      ) : null}
      <LoadView state={queue} t={t} keepDataOnError>
        {(items) => {
          const selected = items.find((item) => item.id === id);
          return (
            <div className={styles.layout}>
              <Section title={t('queue.pending', { count: items.length })} id="queue-list">
                {items.length === 0 ? (
                  <EmptyState title={t('queue.empty')} />
                ) : (
                  <QueueList
                    kind={known}
                    items={items}
                    selected={id}
                    suffix={status === 'approved' ? '?status=approved' : ''}
                  />
                )}
              </Section>
              <div className={styles.detail}>
                {selected ? (
                  <Section
                    title={t(`kinds.${known}.detail`, {
                      username: selected.customer.username,
                      id: selected.id,
                    })}
                    id="review-detail"
                  >
                    <p>
                      {selected.customer.username}
                      {selected.customer.email ? ` · ${selected.customer.email}` : ''} ·{' '}
                      <Link to={`/staff/customers/${selected.customer.userId}`}>
                        {t('queue.customerProfile')}
                      </Link>
                    </p>
                    {status === 'approved' ? (
                      <CompletePayout
                        item={selected as WithdrawalReview}
                        onDone={() => {
                          queue.reload();
                          navigate('/staff/reviews/withdrawal?status=approved');
                        }}
                      />
                    ) : (
                      <DecisionBar
                        kind={known}
                        item={selected}
                        rejectableFields={
                          known === 'kyc' ? (selected as KycReview).rejectableFields : undefined
                        }
                        onChanged={queue.reload}
                        onDecided={() => {
                          queue.reload();
                          navigate(`/staff/reviews/${known}`);
                        }}
                      />
                    )}
                    <ItemDetail kind={known} item={selected} />
                  </Section>
                ) : (
                  <EmptyState title={id ? t('queue.gone') : t('queue.pick')} />
                )}
              </div>
            </div>
          );
        }}
      </LoadView>
    </Page>
  );
});
