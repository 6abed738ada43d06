import type { LoanStatus } from '@swx/shared/contract';
import { StatusBadge, type StatusTone } from '../../components/status';

const tones: Record<LoanStatus, StatusTone> = {
  pending: 'pending',
  rejected: 'bad',
  repaying: 'neutral',
  expired: 'warning',
  repaid: 'good',
  withdrawn: 'neutral',
  written_off: 'bad',
};

export function statusBadge(status: LoanStatus, t: (key: string) => string) {
  return <StatusBadge tone={tones[status]}>{t(`loans.status.${status}`)}</StatusBadge>;
}
