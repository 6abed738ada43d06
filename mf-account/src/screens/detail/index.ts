export { DetailScreen } from './detail';
