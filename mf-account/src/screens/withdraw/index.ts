export { WithdrawScreen } from './withdraw';
