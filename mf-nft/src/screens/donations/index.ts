export { DonationsScreen } from './donations';
