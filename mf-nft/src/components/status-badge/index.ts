export { AuctionBadge, Badge, type BadgeTone } from './status-badge';
