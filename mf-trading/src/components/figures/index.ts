export { Figures, SignedAmount } from './figures';
