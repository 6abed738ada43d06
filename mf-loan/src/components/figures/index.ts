export { money, ratePercent, percent, day } from './figures';
