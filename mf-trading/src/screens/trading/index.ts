export { TradingScreen } from './trading';
