export { CharityPage } from './charity';
export { LendingBookPage } from './lending-book';
