export { SecurityScreen } from './security';
