import { observer } from 'mobx-react-lite';
import { SimulatedBadge } from '@swx/shared';
import { useFeedStatus } from './feed-status';

/**
 * PRODUCT.md §1 rule 1: every screen showing prices says so while the feed is the built-in simulator (or a
 * replayed recording). The module asks the server itself, so it is right when it runs standalone too.
 */
export const FeedBadge = observer(function FeedBadge() {
  const status = useFeedStatus();
  return status.simulated ? <SimulatedBadge simulated /> : null;
});
