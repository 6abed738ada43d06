export { Facts, type Fact } from './facts';
