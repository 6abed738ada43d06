export { AccountPage } from './page';
export { Section } from '@swx/shared';
