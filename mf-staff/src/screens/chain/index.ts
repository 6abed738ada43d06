export { ChainPage } from './chain';
