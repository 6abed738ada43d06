export { LoansSection } from './loans';
