export { MarketPicker } from './market-picker';
