export { MarketScreen } from './market';
