import { StatusBadge } from '@swx/shared';
import { useStaffStrings } from '../../i18n';

/** Hours and minutes, e.g. "26 h 05 min". */
export function ageParts(seconds: number): { hours: number; minutes: string } {
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  return { hours, minutes };
}

/** How long a record has waited, against its review target when it has one (withdrawals: 24 h). */
export function QueueAge({ ageSeconds, targetHours }: { ageSeconds: number; targetHours?: number }) {
  const { t } = useStaffStrings();
  const age = t('queue.age', ageParts(ageSeconds));
  if (targetHours === undefined) return <span>{age}</span>;
  const overdue = ageSeconds >= targetHours * 3600;
  return (
    <span>
      {t('queue.ageOfTarget', { age, target: targetHours })}{' '}
      {overdue ? <StatusBadge tone="bad">{t('queue.overdue')}</StatusBadge> : null}
    </span>
  );
}
