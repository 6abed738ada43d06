import { observer } from 'mobx-react-lite';
import type { NftStatus } from '@swx/shared/contract';
import { useNftT } from '../../i18n';
import { countdownParts } from '../../rules/auction';
import { useNftLive } from '../../store';
import styles from './countdown.module.css';

interface CountdownProps {
  status: NftStatus;
  startsAt: string;
  endsAt: string;
  /** Shows "Ends in" / "Starts in" before the time. */
  labelled?: boolean;
}

/** Time left until the auction opens or closes, by the server's clock, ticking once a second. */
export const Countdown = observer(function Countdown({
  status,
  startsAt,
  endsAt,
  labelled = true,
}: CountdownProps) {
  const { t } = useNftT();
  const live = useNftLive();
  if (status === 'ended') return <span className={styles.countdown}>{t('countdown.ended')}</span>;
  const target = status === 'upcoming' ? startsAt : endsAt;
  const remaining = live.remainingMs(target);
  const parts = countdownParts(remaining);
  let text: string;
  if (remaining <= 0) text = status === 'live' ? t('countdown.settling') : t('countdown.ended');
  else if (parts.days > 0) text = t('countdown.days', { ...parts });
  else if (parts.hours > 0) text = t('countdown.hours', { ...parts });
  else text = t('countdown.minutes', { ...parts });
  const label = status === 'upcoming' ? t('card.startsIn') : t('card.endsIn');
  return (
    <span className={styles.countdown}>
      {labelled ? <span className={styles.label}>{label} </span> : null}
      <time dateTime={target} className={styles.time} data-testid="countdown">
        {text}
      </time>
    </span>
  );
});
