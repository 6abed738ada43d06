export { StaleBadge } from './stale-badge';
