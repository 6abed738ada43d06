import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { EmptyState, LoadView, StatusBadge, useLoad } from '@swx/shared';
import { Page } from '../../components/page';
import { mayOpen, navGroups, reviewKinds } from '../../components/staff-layout';
import { useStaffStrings } from '../../i18n';
import { useStaffSession, type StaffSession } from '../../session';
import { MoneyWarnings } from './money-warnings';
import styles from './dashboard.module.css';

interface QueueCount {
  path: string;
  label: string;
  count: number;
  /** Records past their review target (withdrawals: 24 h). */
  overdue: number;
}

/** The pending count of every queue the member works, and corrections awaiting a second finance member. */
async function loadCounts(session: StaffSession): Promise<QueueCount[]> {
  const reviewItems = navGroups[0]!.items.filter((item) => item.role && mayOpen(session, item));
  const counts = await Promise.all(
    reviewKinds
      .filter(({ kind }) => reviewItems.some((item) => item.path === `/staff/reviews/${kind}`))
      .map(async ({ kind }) => {
        const items = (await session.api.call('admin.reviews', { query: { kind, status: 'pending' } })) as {
          overdue?: boolean;
        }[];
        return {
          path: `/staff/reviews/${kind}`,
          label: `kinds.${kind}.queue`,
          count: items.length,
          overdue: items.filter((item) => item.overdue === true).length,
        };
      }),
  );
  if (session.canCall('admin.corrections')) {
    const pending = await session.api.call('admin.corrections', { query: { status: 'pending' } });
    counts.push({ path: '/staff/corrections', label: 'nav.corrections', count: pending.length, overdue: 0 });
  }
  // Money requests a colleague made that wait for this member's second pair of eyes.
  const mine = (requestedBy: string) => requestedBy === session.me?.staffId;
  if (session.canCall('admin.approveWriteOff')) {
    const loans = await session.api.call('admin.overdueLoans');
    counts.push({
      path: '/staff/operations/lending',
      label: 'dashboard.writeOffsWaiting',
      count: loans.filter((loan) => loan.writeOff?.status === 'pending' && !mine(loan.writeOff.requestedBy))
        .length,
      overdue: 0,
    });
  }
  if (session.canCall('admin.approveCharityPayout')) {
    const charity = await session.api.call('admin.charityBook');
    counts.push({
      path: '/staff/operations/charity',
      label: 'dashboard.payoutsWaiting',
      count: charity.payouts.filter((payout) => payout.status === 'pending' && !mine(payout.requestedBy))
        .length,
      overdue: 0,
    });
  }
  return counts;
}

/** The member's work at a glance: how many records wait in each queue they may decide. */
export const Dashboard = observer(function Dashboard() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const counts = useLoad(() => loadCounts(session), [session.me?.staffId]);
  return (
    <Page title={t('dashboard.title')} lead={t('dashboard.lead', { username: session.me?.username })}>
      <MoneyWarnings />
      <LoadView state={counts} t={t}>
        {(queues) =>
          queues.length === 0 ? (
            <EmptyState title={t('dashboard.noQueues')} />
          ) : (
            <ul className={styles.tiles} aria-label={t('dashboard.queues')}>
              {queues.map((queue) => (
                <li key={queue.path}>
                  <Link to={queue.path} className={styles.tile} data-testid={`count-${queue.path}`}>
                    <span className={styles.count}>{queue.count}</span>
                    <span className={styles.label}>{t(queue.label)}</span>
                    {queue.overdue > 0 ? (
                      <StatusBadge tone="bad">{t('dashboard.overdue', { count: queue.overdue })}</StatusBadge>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </LoadView>
    </Page>
  );
});
