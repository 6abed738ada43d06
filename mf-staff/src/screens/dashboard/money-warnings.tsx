import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useLoad } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import { useStaffSession, type StaffSession } from '../../session';
import styles from './dashboard.module.css';

type Warning =
  | { kind: 'reserve'; currency: string }
  | { kind: 'lending' }
  | { kind: 'hotWallet'; count: number; networks: string };

/**
 * What stops customers from buying or borrowing right now: a real plan reserve that cannot take a purchase
 * (the customer's Plans tab says "not available yet") and a lending book with no capital left (new loans are
 * refused with 11402), and approved withdrawals held for the hot wallet (its funds, or gas above the cap).
 * Finance funds them; admins see them too.
 */
async function loadWarnings(session: StaffSession): Promise<Warning[]> {
  const warnings: Warning[] = [];
  if (session.canCall('admin.planReserves')) {
    const reserves = await session.api.call('admin.planReserves');
    for (const reserve of reserves)
      if (reserve.mode === 'real' && !reserve.selling)
        warnings.push({ kind: 'reserve', currency: reserve.currency });
  }
  if (session.canCall('admin.lendingBook')) {
    const book = await session.api.call('admin.lendingBook');
    // Nothing left to lend: a decimal string with no non-zero digit (or, should it happen, below zero).
    if (book.available.startsWith('-') || !/[1-9]/.test(book.available)) warnings.push({ kind: 'lending' });
  }
  if (session.canCall('admin.chainDeposits')) {
    // Approved withdrawals the hot wallet cannot pay (amount and gas) or that wait for gas under the cap.
    const { heldWithdrawals } = await session.api.call('admin.chainDeposits');
    if (heldWithdrawals.length > 0)
      warnings.push({
        kind: 'hotWallet',
        count: heldWithdrawals.length,
        networks: [...new Set(heldWithdrawals.map((held) => held.network))].join(', '),
      });
  }
  return warnings;
}

export const MoneyWarnings = observer(function MoneyWarnings() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const state = useLoad(() => loadWarnings(session), [session.me?.staffId]);
  const warnings = state.data ?? [];
  if (warnings.length === 0) return null;
  return (
    <ul className={styles.warnings} aria-label={t('dashboard.money')}>
      {warnings.map((warning) =>
        warning.kind === 'reserve' ? (
          <li key={`reserve-${warning.currency}`} role="status">
            <Link to="/staff/operations/plans">
              {t('dashboard.reserveEmpty', { currency: warning.currency })}
            </Link>
          </li>
        ) : warning.kind === 'hotWallet' ? (
          <li key="hot-wallet" role="status">
            <Link to="/staff/reviews/withdrawal">
              {t('dashboard.hotWalletHeld', { count: warning.count, networks: warning.networks })}
            </Link>
          </li>
        ) : (
          <li key="lending" role="status">
            <Link to="/staff/operations/lending">{t('dashboard.lendingEmpty')}</Link>
          </li>
        ),
      )}
    </ul>
  );
});
