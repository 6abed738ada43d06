export { DepositScreen } from './deposit';
