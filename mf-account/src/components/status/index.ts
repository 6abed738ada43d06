export { StatusBadge, type StatusTone } from '@swx/shared';
