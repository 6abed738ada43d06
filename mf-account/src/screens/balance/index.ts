export { BalanceScreen } from './balance';
