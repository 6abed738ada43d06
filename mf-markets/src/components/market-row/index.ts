export { MarketRow, currencyPath } from './market-row';
