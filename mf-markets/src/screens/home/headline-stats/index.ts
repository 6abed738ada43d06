export { HeadlineStats } from './headline-stats';
export { PlatformStatsStore } from './platform-stats-store';
