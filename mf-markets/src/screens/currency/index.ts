export { CurrencyScreen } from './currency';
