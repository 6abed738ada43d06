export { DemoBadge, RealBadge, SimulatedBadge } from './badges';
