export { NftPage } from './page';
export { Section } from '@swx/shared';
