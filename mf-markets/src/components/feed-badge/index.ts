export { FeedBadge } from './feed-badge';
export { feedStatus, useFeedStatus } from './feed-status';
