export { AccountPage, Section } from './page';
