import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../i18n/format';
import { visuallyHiddenClass } from '../visually-hidden';

export type ChangeDirection = 'up' | 'down' | 'flat';

/** Which way a change points; an unknown change (null) is `flat`, so it is never coloured as a move. */
export function changeDirection(change: string | null): ChangeDirection {
  if (change === null) return 'flat';
  const value = Number(change);
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

export interface ChangePercentProps {
  /** Change against the previous close in percent (decimal string); null while the feed does not know it. */
  value: string | null;
  className?: string;
  testId?: string;
  /** Words read before the figure (e.g. "Change today"); the screen shows only the figure. */
  label?: string;
}

/**
 * A market's daily change, signed ("+1.20 %"). An unknown change shows "—" and is read as "change not
 * known": showing 0 % would claim a flat market the feed never reported.
 */
export function ChangePercent({ value, className, testId, label }: ChangePercentProps) {
  return (
    <span className={className} data-testid={testId} data-direction={changeDirection(value)}>
      {label ? <span className={visuallyHiddenClass}>{`${label} `}</span> : null}
      {value === null ? <UnknownChange /> : formatPercent(value)}
    </span>
  );
}

/** Its own component: a known change (every tick of every visible row) never asks i18next for a text. */
function UnknownChange() {
  const { t } = useTranslation('common');
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className={visuallyHiddenClass}>{t('market.changeUnknown')}</span>
    </>
  );
}
