export { MarketBar } from './market-bar';
