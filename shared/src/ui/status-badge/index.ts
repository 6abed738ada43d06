export { StatusBadge, type StatusTone } from './status-badge';
