export { amount, exactMoney, money, ratePercent, percent, day } from './figures';
