export { LivePrice } from './live-price';
