export { Account } from './account';
