export { RecordsScreen } from './records';
