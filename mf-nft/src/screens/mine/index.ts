export { MineScreen } from './mine';
