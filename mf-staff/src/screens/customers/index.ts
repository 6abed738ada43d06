export { CustomerSearch } from './customer-search';
export { CustomerProfilePage } from './customer-profile';
export { CorrectionsQueue } from './corrections';
