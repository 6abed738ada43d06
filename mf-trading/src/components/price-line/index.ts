export { PriceLine, linePoints } from './price-line';
