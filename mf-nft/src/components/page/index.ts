export { NftPage, Section } from './page';
