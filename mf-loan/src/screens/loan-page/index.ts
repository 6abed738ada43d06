export { LoanPage } from './loan-page';
