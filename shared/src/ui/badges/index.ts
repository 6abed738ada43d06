export { DemoBadge, SimulatedBadge } from './badges';
