export { DepositHistory, LoanHistory, RecordHistory, Status, statusTone } from './history';
