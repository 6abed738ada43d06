export { MarketName, type MarketNameProps } from './market-name';
