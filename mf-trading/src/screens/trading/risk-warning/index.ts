export { RiskWarning } from './risk-warning';
