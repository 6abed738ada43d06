export { amount, money, ratePercent, percent, day } from './figures';
