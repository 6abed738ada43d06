import { StatusBadge, type StatusTone } from '@swx/shared';
import type { NftOutcome, NftStatus } from '@swx/shared/contract';
import { useNftT } from '../../i18n';

export type BadgeTone = Extract<StatusTone, 'live' | 'upcoming' | 'ended' | 'good' | 'bad'>;

/** A small label; the words carry the meaning, colour only helps. */
export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <StatusBadge tone={tone}>{children}</StatusBadge>;
}

/** The auction's state: live, upcoming, or how it ended (sold, unsold, or ended while settling). */
export function AuctionBadge({ status, outcome }: { status: NftStatus; outcome: NftOutcome }) {
  const { t } = useNftT();
  if (status === 'ended' && outcome) return <Badge tone="ended">{t(`status.${outcome}`)}</Badge>;
  return <Badge tone={status}>{t(`status.${status}`)}</Badge>;
}
